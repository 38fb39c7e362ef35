//go:build amd64 && !purego

package fe25519

var opsAsm = []opsKernels{{"amd64", addAMD64, subAMD64, negAMD64, selectAMD64, swapAMD64, reduceAMD64, toBytesAMD64, fromBytesAMD64}}

var invertVariants = []squareVariant{{"invertADX", hasADX, invertADX}}
