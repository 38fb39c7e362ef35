package gate

// tailJmp tail-jumps to tailHelper.
//
//vg:spec add1Go
func tailJmp(x uint64) uint64

// tailHelper returns x + 1.
//
//vg:unverified helper of tailJmp
func tailHelper(x uint64) uint64

// reqKernel returns x, which is x & 15 under its precondition.
//
//vg:spec low4Go
//vg:requires below16
func reqKernel(x uint64) uint64

// maskKernel returns x & 15.
//
//vg:spec low4Go2
func maskKernel(x uint64) uint64

// rotNamed reads a[1] after storing out[1]: right unless out is a, which
// the types exclude (vec is not [4]uint64).
//
//vg:spec rotGo
func rotNamed(out *vec, a *[4]uint64)

// branchPublic branches on key, declared public.
//
//vg:spec branchGo
//vg:public key
func branchPublic(key, x uint64) uint64
