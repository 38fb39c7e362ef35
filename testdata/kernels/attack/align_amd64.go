package attack

// sPSHUFD runs PSHUFD on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPSHUFD(p *[8]uint64) uint64

// sPUNPCKLQDQ runs PUNPCKLQDQ on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPUNPCKLQDQ(p *[8]uint64) uint64

// sPSHUFB runs PSHUFB on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPSHUFB(p *[8]uint64) uint64

// sPMULUDQ runs PMULUDQ on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPMULUDQ(p *[8]uint64) uint64

// sPTEST runs PTEST on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPTEST(p *[8]uint64) uint64

// sPCMPEQQ runs PCMPEQQ on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPCMPEQQ(p *[8]uint64) uint64

// sAESENC runs AESENC on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sAESENC(p *[8]uint64) uint64

// sPCLMULQDQ runs PCLMULQDQ on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPCLMULQDQ(p *[8]uint64) uint64

// sSHUFPS runs SHUFPS on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sSHUFPS(p *[8]uint64) uint64

// sPALIGNR runs PALIGNR on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPALIGNR(p *[8]uint64) uint64

// sPHADDD runs PHADDD on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPHADDD(p *[8]uint64) uint64

// sMOVSHDUP runs MOVSHDUP on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sMOVSHDUP(p *[8]uint64) uint64

// sPADDQ runs PADDQ on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPADDQ(p *[8]uint64) uint64

// sPSUBQ runs PSUBQ on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPSUBQ(p *[8]uint64) uint64

// sPANDN runs PANDN on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPANDN(p *[8]uint64) uint64

// sPXOR runs PXOR on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPXOR(p *[8]uint64) uint64

// sPSRLQ runs PSRLQ on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPSRLQ(p *[8]uint64) uint64

// sPBLENDW runs PBLENDW on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPBLENDW(p *[8]uint64) uint64

// sPMINUD runs PMINUD on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPMINUD(p *[8]uint64) uint64

// sPACKUSDW runs PACKUSDW on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPACKUSDW(p *[8]uint64) uint64

// sUNPCKLPD runs UNPCKLPD on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sUNPCKLPD(p *[8]uint64) uint64

// sANDPD runs ANDPD on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sANDPD(p *[8]uint64) uint64

// sMOVAPD runs MOVAPD on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sMOVAPD(p *[8]uint64) uint64

// sPCMPGTQ runs PCMPGTQ on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPCMPGTQ(p *[8]uint64) uint64

// sPMULLD runs PMULLD on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func sPMULLD(p *[8]uint64) uint64

// vVMOVAPD runs VMOVAPD on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func vVMOVAPD(p *[8]uint64) uint64

// vVMOVDQA32Y runs VMOVDQA32 on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func vVMOVDQA32Y(p *[8]uint64) uint64

// vVMOVDQA64X runs VMOVDQA64 on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func vVMOVDQA64X(p *[8]uint64) uint64

// vVMOVAPSZ runs VMOVAPS on the 8-aligned p, a form that faults unless p is aligned.
//
//vg:spec first8Go
func vVMOVAPSZ(p *[8]uint64) uint64
