package attack2

// Each kernel below stores out (or out[1]) with one arm64 form and then
// reads a with another: with out = a it returns what it stored.

// armStr stores out[1] = 5 with MOVD, then loads a[1] with MOVD.
//
//vg:spec retHighGo
func armStr(out, a *[2]uint64) uint64

// armStp stores out with STP, then loads a with LDP.
//
//vg:spec dbl4Go
func armStp(out, a *[4]uint64) uint64

// armPost stores out with post-indexed MOVD.P, then loads a[3].
//
//vg:spec dbl4Go
func armPost(out, a *[4]uint64) uint64

// armSt1 stores out with a two-register VST1, then loads a[3].
//
//vg:spec dbl4Go
func armSt1(out, a *[4]uint64) uint64

// armLd1 stores out with STP, then loads a with a two-register VLD1.
//
//vg:spec dbl4Go
func armLd1(out, a *[4]uint64) uint64

// armStpQ stores out with STP of Q registers (FSTPQ), then loads a[3].
//
//vg:spec dbl4Go
func armStpQ(out, a *[4]uint64) uint64

// armRegOff stores out[1] = 5, then loads a[1] with a register offset.
//
//vg:spec retHighGo
func armRegOff(out, a *[2]uint64) uint64
