package arm64

// namedWords are instruction words assembled by the Go assembler
// (GOARCH=arm64 go tool asm; the comment is go tool objdump's listing),
// plus a few the Go assembler does not emit (32-bit UXTB/UXTH, NOP, ADR,
// ADRP), covering every mnemonic of every modelled form.
var namedWords = []uint32{
	0x913ffc22, // ADD $4095, R1, R2
	0x917ffc22, // ADD $(4095<<12), R1, R2
	0xb1000464, // ADDS $1, R3, R4
	0x11001c64, // ADDW $7, R3, R4
	0x31001c64, // ADDSW $7, R3, R4
	0xd10040a6, // SUB $16, R5, R6
	0xf10004a6, // SUBS $1, R5, R6
	0x710004a6, // SUBSW $1, R5, R6
	0xf1000cff, // CMP $3, R7
	0xb1000cff, // CMN $3, R7
	0x71000cff, // CMPW $3, R7
	0x8b010043, // ADD R1, R2, R3
	0x8b010c43, // ADD R1<<3, R2, R3
	0xab411443, // ADDS R1>>5, R2, R3
	0xcb811c43, // SUB R1->7, R2, R3
	0xeb010043, // SUBS R1, R2, R3
	0x0b017c43, // ADDW R1<<31, R2, R3
	0x6b810c43, // SUBSW R1->3, R2, R3
	0xcb0403e5, // NEG R4, R5
	0xeb0403e5, // NEGS R4, R5
	0x4b0403e5, // NEGW R4, R5
	0xeb01005f, // CMP R1, R2
	0xab01085f, // CMN R1<<2, R2
	0x8b210043, // ADD R1.UXTB, R2, R3
	0x8b212843, // ADD R1.UXTH<<2, R2, R3
	0x8b215043, // ADD R1.UXTW<<4, R2, R3
	0x8b216443, // ADD R1.UXTX<<1, R2, R3
	0xab218043, // ADDS R1.SXTB, R2, R3
	0xcb21a443, // SUB R1.SXTH<<1, R2, R3
	0xeb21cc43, // SUBS R1.SXTW<<3, R2, R3
	0x8b21e043, // ADD R1.SXTX, R2, R3
	0x8b2143e3, // ADD R1.UXTW, RSP, R3
	0x0b218843, // ADDW R1.SXTB<<2, R2, R3
	0xeb21405f, // CMP R1.UXTW, R2
	0x9a010043, // ADC R1, R2, R3
	0xba010043, // ADCS R1, R2, R3
	0xda010043, // SBC R1, R2, R3
	0xfa010043, // SBCS R1, R2, R3
	0x1a010043, // ADCW R1, R2, R3
	0x7a010043, // SBCSW R1, R2, R3
	0xda0103e2, // NGC R1, R2
	0xfa0103e2, // NGCS R1, R2
	0x92401c22, // AND $255, R1, R2
	0xf2781c22, // ANDS $65280, R1, R2
	0xb200f022, // ORR $6148914691236517205, R1, R2
	0xd27ff822, // EOR $-2, R1, R2
	0x12000822, // ANDW $7, R1, R2
	0xf240007f, // TST $1, R3
	0x8a010c43, // AND R1<<3, R2, R3
	0xeac11c43, // ANDS R1@>7, R2, R3
	0xaa410443, // ORR R1>>1, R2, R3
	0xca81fc43, // EOR R1->63, R2, R3
	0x8a210043, // BIC R1, R2, R3
	0xea210043, // BICS R1, R2, R3
	0xaa210043, // ORN R1, R2, R3
	0xca210043, // EON R1, R2, R3
	0xaa2103e2, // MVN R1, R2
	0xea01005f, // TST R1, R2
	0xaa0103e2, // MOVD R1, R2
	0x93407c22, // SXTW R1, R2
	0x2ac17c43, // ORRW R1@>31, R2, R3
	0xd37df022, // LSL $3, R1, R2
	0xd347fc22, // LSR $7, R1, R2
	0x9349fc22, // ASR $9, R1, R2
	0x93c13422, // ROR $13, R1, R2
	0x531d7022, // LSLW $3, R1, R2
	0x131f7c22, // ASRW $31, R1, R2
	0x9ac12043, // LSL R1, R2, R3
	0x9ac12443, // LSR R1, R2, R3
	0x9ac12843, // ASR R1, R2, R3
	0x9ac12c43, // ROR R1, R2, R3
	0x1ac12c43, // RORW R1, R2, R3
	0x93c14443, // EXTR $17, R1, R2, R3
	0x13811443, // EXTRW $5, R1, R2, R3
	0xd3442c22, // UBFX $4, R1, $8, R2
	0x93442c22, // SBFX $4, R1, $8, R2
	0xd37c1c22, // UBFIZ $4, R1, $8, R2
	0x937c1c22, // SBFIZ $4, R1, $8, R2
	0xb37c1c22, // BFI $4, R1, $8, R2
	0xb3442c22, // BFXIL $4, R1, $8, R2
	0xb343f022, // BFXIL $3, R1, $58, R2
	0xd343f022, // UBFX $3, R1, $58, R2
	0x9343f022, // SBFX $3, R1, $58, R2
	0xd3401c22, // UBFX $0, R1, $8, R2
	0xd3403c22, // UBFX $0, R1, $16, R2
	0x93401c22, // SXTB R1, R2
	0x93403c22, // SXTH R1, R2
	0x93407c22, // SXTW R1, R2
	0xd3407c22, // UBFX $0, R1, $32, R2
	0x13001c22, // SXTBW R1, R2
	0x9a820023, // CSEL EQ, R1, R2, R3
	0x9a821423, // CSINC NE, R1, R2, R3
	0xda828023, // CSINV HI, R1, R2, R3
	0xda82b423, // CSNEG LT, R1, R2, R3
	0x9a9fb7e4, // CSET GE, R4
	0xda9f83e4, // CSETM LS, R4
	0x9a81d422, // CINC GT, R1, R2
	0xda815022, // CINV MI, R1, R2
	0xda817422, // CNEG VS, R1, R2
	0x1a82d023, // CSELW LE, R1, R2, R3
	0xfa420024, // CCMP EQ, R1, R2, $4
	0xba421022, // CCMN NE, R1, R2, $2
	0xfa5f282f, // CCMP HS, R1, $31, $15
	0xba453820, // CCMN LO, R1, $5, $0
	0x7a425028, // CCMPW PL, R1, R2, $8
	0xd2a24681, // MOVD $305397760, R1
	0xf2eacf01, // MOVK $(22136<<48), R1
	0x92d35781, // MOVD $-170132244529153, R1
	0x52a24681, // MOVW $305397760, R1
	0x728acf01, // MOVKW $22136, R1
	0x12935781, // MOVW $4294927683, R1
	0x92800021, // MOVD $-2, R1
	0xd2bfffe1, // MOVD $4294901760, R1
	0x9b017c43, // MUL R1, R2, R3
	0x1b017c43, // MULW R1, R2, R3
	0x9b041422, // MADD R4, R5, R1, R2
	0x9b049422, // MSUB R4, R5, R1, R2
	0x9b01fc43, // MNEG R1, R2, R3
	0x9bc17c43, // UMULH R1, R2, R3
	0x9b417c43, // SMULH R1, R2, R3
	0x9ba17c43, // UMULL R1, R2, R3
	0x9b217c43, // SMULL R1, R2, R3
	0x9ba41422, // UMADDL R4, R5, R1, R2
	0x9b241422, // SMADDL R4, R5, R1, R2
	0x9ba49422, // UMSUBL R4, R5, R1, R2
	0x9b249422, // SMSUBL R4, R5, R1, R2
	0x9ba1fc43, // UMNEGL R1, R2, R3
	0x9b21fc43, // SMNEGL R1, R2, R3
	0x9ac10843, // UDIV R1, R2, R3
	0x9ac10c43, // SDIV R1, R2, R3
	0x1ac10843, // UDIVW R1, R2, R3
	0x1ac10c43, // SDIVW R1, R2, R3
	0xf9400422, // MOVD 8(R1), R2
	0xf9000822, // MOVD R2, 16(R1)
	0xb9800422, // MOVW 4(R1), R2
	0xb9400422, // MOVWU 4(R1), R2
	0x79800422, // MOVH 2(R1), R2
	0x79400422, // MOVHU 2(R1), R2
	0x39800422, // MOVB 1(R1), R2
	0x39400422, // MOVBU 1(R1), R2
	0xb9000422, // MOVW R2, 4(R1)
	0x79000422, // MOVH R2, 2(R1)
	0x39000422, // MOVB R2, 1(R1)
	0xf85f8022, // MOVD -8(R1), R2
	0xf81fd022, // MOVD R2, -3(R1)
	0xb89fb022, // LDURSW -5(R1), R2
	0x385ff022, // LDURBW -1(R1), R2
	0xf8408422, // MOVD.P 8(R1), R2
	0xf85f0c22, // MOVD.W -16(R1), R2
	0xf8008422, // MOVD.P R2, 8(R1)
	0xf81f0c22, // MOVD.W R2, -16(R1)
	0xb8404422, // MOVWU.P 4(R1), R2
	0x389ffc22, // MOVB.W -1(R1), R2
	0xf8637822, // MOVD (R1)(R3<<3), R2
	0xf8636822, // MOVD (R1)(R3), R2
	0xf863d822, // MOVD (R1)(R3.SXTW<<3), R2
	0xf8634822, // MOVD (R1)(R3.UXTW), R2
	0xb8637822, // MOVWU (R1)(R3<<2), R2
	0x78637822, // MOVHU (R1)(R3<<1), R2
	0x38636822, // MOVBU (R1)(R3), R2
	0xf8237822, // MOVD R2, (R1)(R3<<3)
	0xb823d822, // MOVW R2, (R1)(R3.SXTW<<2)
	0x78a36822, // MOVH (R1)(R3), R2
	0xa9400c22, // LDP (R1), (R2, R3)
	0xa9410c22, // LDP 16(R1), (R2, R3)
	0xa93f0c22, // STP (R2, R3), -16(R1)
	0xa8c10c22, // LDP.P 16(R1), (R2, R3)
	0xa9be0c22, // STP.W (R2, R3), -32(R1)
	0x29410c22, // LDPW 8(R1), (R2, R3)
	0x29010c22, // STPW (R2, R3), 8(R1)
	0x69410c22, // LDPSW 8(R1), R3, R2
	0x910003e8, // MOVD RSP, R8 (ADD X8, SP, #0)
	0x9100011f, // MOVD R8, RSP (ADD SP, X8, #0)
	0xf94007e2, // MOVD 8(RSP), R2
	0xa93f7bfd, // STP (R29, R30), -16(RSP)
	0x53001c22, // UXTB W2, W1
	0x53003c22, // UXTH W2, W1
	0xd503201f, // NOP
	0xd2a00001, // MOVZ X1, #0, LSL #16
	0xb3440fe2, // BFM X2, XZR, #4, #3 (BFC)
	0x129fffe1, // MOVN W1, #0xffff
	0x10000041, // ADR X1, .+8
	0x70fffff1, // ADR X17, .-1
	0xb0000001, // ADRP X1, .+0x1000 (page)
	0x90ffffe2, // ADRP X2, .-0x4000 (page)
	0xf8408c22, // LDR X2, [X1, #8]! (MOVD.W)
	0x3c408c22, // LDR B2, [X1, #8]! (SIMD: not modelled)
	0xf9800020, // PRFM PLDL1KEEP, [X1] (a hint: nothing moves)
	0x1e220820, // FMUL S0, S1, S2 (not modelled)
	0x1e2e1000, // FMOV S0, #1.0 (floating point: not modelled)
	0xdac00c20, // REV X0, X1 (not modelled)
	0xa9400421, // LDP X1, X1, [X1] (CONSTRAINED UNPREDICTABLE)
	0xf8408421, // LDR X1, [X1], #8 (CONSTRAINED UNPREDICTABLE)
	0x8b010052, // ADD X18, X2, X1 (writes the platform register)
}
