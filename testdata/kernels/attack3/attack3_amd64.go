package attack3

// compressMerge: VPCOMPRESSD with merge masking into d's value.
//
//vg:spec compressMergeGo
//vg:public m
func compressMerge(out, a, d *[16]uint32, m uint16)

//vg:spec compressZeroGo
//vg:public m
func compressMergeZ(out, a, d *[16]uint32, m uint16)

// compressMergeSecret: the mask is secret (VarTimePolicy: forbidden).
//
//vg:spec compressMergeGo
func compressMergeSecret(out, a, d *[16]uint32, m uint16)

//vg:spec compressXGo
//vg:public m
func compressX(out, a *[4]uint32, m uint16)

//vg:spec compressXWrongGo
//vg:public m
func compressXWrong(out, a *[4]uint32, m uint16)

//vg:spec compressQYGo
//vg:public m
func compressQY(out, a *[4]uint64, m uint16)

//vg:spec cmpMaskedGo
func cmpMasked(a, b *[16]uint32, m uint16) uint16

//vg:spec cmpUnmaskedGo
func cmpMaskedWrong(a, b *[16]uint32, m uint16) uint16

//vg:spec cmpSignedLEGo
func cmpSignedLE(a, b *[16]uint32) uint16

//vg:spec cmpUnsignedLEGo
func cmpSignedLEWrong(a, b *[16]uint32) uint16

//vg:spec cmpQXGo
func cmpQX(a, b *[2]uint64) uint64

//vg:spec permbGo
func permb(out, idx, tbl *[64]byte)

//vg:spec permbPshufbGo
func permbWrong(out, idx, tbl *[64]byte)

//vg:spec permbYGo
func permbY(out, idx, tbl *[32]byte)

//vg:spec permbY63Go
func permbYWrong(out, idx, tbl *[32]byte)

//vg:spec permbMergeGo
func permbMerge(out, idx, tbl *[64]byte, m uint64)

//vg:spec permbZeroGo
func permbMergeWrong(out, idx, tbl *[64]byte, m uint64)

//vg:spec movd2mYGo
func movd2mY(a *[8]uint32) uint64

//vg:spec movd2mYWrongGo
func movd2mYWrong(a *[8]uint32) uint64

//vg:spec storeSymGo
//vg:public m
func storeSym(out *[24]uint32, a *[16]uint32, m uint16)

//vg:spec storeSymWrongGo
//vg:public m
func storeSymWrong(out *[24]uint32, a *[16]uint32, m uint16)

//vg:spec storeSymOOBGo
//vg:public m
func storeSymOOB(out *[24]uint32, a *[16]uint32, m uint16)

//vg:spec storeSymBytesGo
//vg:public m
func storeSymBytes(out *[80]byte, a *[64]byte, m uint16)

//vg:spec storeSymBytesWrongGo
//vg:public m
func storeSymBytesWrong(out *[80]byte, a *[64]byte, m uint16)

//vg:spec storeSymTwiceGo
//vg:public m
func storeSymTwice(out *[40]uint32, a, b *[16]uint32, m uint16)

//vg:spec storeSymTwiceWrongGo
//vg:public m
func storeSymTwiceWrong(out *[40]uint32, a, b *[16]uint32, m uint16)

//vg:spec storeSymMaskedGo
//vg:public m k
func storeSymMasked(out *[24]uint32, a *[16]uint32, m uint16, k uint16)

//vg:spec storeSymGo16
//vg:public m k
func storeSymMaskedWrong(out *[24]uint32, a *[16]uint32, m uint16, k uint16)

//vg:spec storeSymYGo
//vg:public m
func storeSymY(out *[16]uint64, a *[4]uint64, m uint16)

// storeRO writes read-only data at a symbolic offset (a fault on a real
// call); its spec does nothing.
//
//vg:spec storeROGo
//vg:public m
func storeRO(a *[16]uint32, m uint16)

//vg:spec compressXGo
//vg:public m
func compressXBytes(out, a *[4]uint32, m uint16)

// compressXBadV has a reserved EVEX.vvvv: the CPU raises #UD (SIGILL).
//
//vg:spec compressXGo
//vg:public m
func compressXBadV(out, a *[4]uint32, m uint16)

//vg:spec movGo
func movBadV(out, a *[4]uint32)

//vg:spec movd2mYGo
func movd2mBadV(a *[8]uint32) uint64

//vg:spec cmpLTGo
func cmpBytesOK(a, b *[16]uint32) uint16

//vg:spec cmpLTGo
func cmpBytesR0(a, b *[16]uint32) uint16

//vg:spec cmpLTGo
func cmpBytesRp0(a, b *[16]uint32) uint16
