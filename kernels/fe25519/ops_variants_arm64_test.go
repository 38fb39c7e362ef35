//go:build arm64 && !purego

package fe25519

var opsAsm = []opsKernels{{"arm64", addARM64, subARM64, negARM64, selectARM64, swapARM64, reduceARM64, toBytesARM64, fromBytesARM64}}

var invertVariants = []squareVariant{{"invertARM64", func() bool { return true }, invertARM64}}
