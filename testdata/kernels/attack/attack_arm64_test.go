package attack

var (
	rotNamedKernel     = rotNamedARM
	globalSecretKernel = globalSecretSlowARM
	globalAliasKernel  = globalAliasARM
)

// argPaddingAfterCall calls argPaddingARM(x) right after an ABI0 call whose
// argument, in the same stack slot, was all ones.
//
//go:noinline
func argPaddingAfterCall(x uint32) uint64 {
	sink += tailHelperARM(^uint64(1))
	return argPaddingARM(x)
}

var linkLayoutCases = []struct {
	name         string
	kernel, spec func() uint64
}{
	{"addrBitsARM", addrBitsARM, addrBitsARMGo},
	{"literalFar", literalFar, literalGo},
}
