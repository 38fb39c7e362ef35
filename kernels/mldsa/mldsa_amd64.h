// Macros shared by the AVX2 kernels of package mldsa.
//
// A YMM register holds eight int32 coefficients, lane i in doubleword i.
// VPMULDQ multiplies the even doublewords (sign-extended) into four 64-bit
// products; the odd lanes are first moved down with VPSHUFD $0xF5 (which
// copies doublewords 1 and 3 of each 128-bit half onto 0 and 2), and the
// high halves of the products are merged back with VPSHUFD $0xF5 and
// VPBLENDD $0xAA (odd doublewords from the odd products).

// Q is q = 8380417 and QINV is q⁻¹ mod 2³², as int32 immediates.
#define Q $8380417
#define QINV $58728449

// BCAST broadcasts the 32-bit immediate imm to the eight lanes of y, through
// the general register r and x (the XMM half of y).
#define BCAST(imm, r, x, y) \
	MOVL imm, r; \
	VMOVD r, x; \
	VPBROADCASTD x, y

// MONT sets t0 = MontMul(ζ, y) lane by lane, exactly as the spec's montReduce:
// with p = y·ζ (64 bits) and t = p·q⁻¹ mod 2³², the high half of p − t·q.
// t is the low half of y·(ζ·q⁻¹ mod 2³²), one multiplication. z and zq hold
// ζ and ζ·q⁻¹ in the even doublewords for the even lanes; zo and zqo for the
// odd lanes (registers or 32-byte memory operands). qv holds q in every
// lane. y and t1 are clobbered.
#define MONT(y, z, zq, zo, zqo, qv, t0, t1) \
	VPSHUFD  $0xF5, y, t0; \
	VPMULDQ  zq, y, t1; \
	VPMULDQ  z, y, y; \
	VPMULDQ  qv, t1, t1; \
	VPSUBQ   t1, y, y; \
	VPMULDQ  zqo, t0, t1; \
	VPMULDQ  zo, t0, t0; \
	VPMULDQ  qv, t1, t1; \
	VPSUBQ   t1, t0, t0; \
	VPSHUFD  $0xF5, y, y; \
	VPBLENDD $0xAA, t0, y, t0

// MONT2 is MONT on two independent vectors, interleaved instruction by
// instruction.
#define MONT2(y, z, zq, zo, zqo, t0, t1, v, w, wq, wo, wqo, u0, u1, qv) \
	VPSHUFD  $0xF5, y, t0; \
	VPSHUFD  $0xF5, v, u0; \
	VPMULDQ  zq, y, t1; \
	VPMULDQ  wq, v, u1; \
	VPMULDQ  z, y, y; \
	VPMULDQ  w, v, v; \
	VPMULDQ  qv, t1, t1; \
	VPMULDQ  qv, u1, u1; \
	VPSUBQ   t1, y, y; \
	VPSUBQ   u1, v, v; \
	VPMULDQ  zqo, t0, t1; \
	VPMULDQ  wqo, u0, u1; \
	VPMULDQ  zo, t0, t0; \
	VPMULDQ  wo, u0, u0; \
	VPMULDQ  qv, t1, t1; \
	VPMULDQ  qv, u1, u1; \
	VPSUBQ   t1, t0, t0; \
	VPSUBQ   u1, u0, u0; \
	VPSHUFD  $0xF5, y, y; \
	VPSHUFD  $0xF5, v, v; \
	VPBLENDD $0xAA, t0, y, t0; \
	VPBLENDD $0xAA, u0, v, u0

// CT is the forward (Cooley–Tukey) butterfly of the spec's NTT:
// t = MontMul(ζ, y); y = x − t; x = x + t. t0 and t1 are clobbered.
#define CT(x, y, z, zq, zo, zqo, qv, t0, t1) \
	MONT(y, z, zq, zo, zqo, qv, t0, t1); \
	VPSUBD t0, x, y; \
	VPADDD t0, x, x

// CT2 is CT on two independent pairs, interleaved.
#define CT2(x, y, z, zq, zo, zqo, t0, t1, a, b, w, wq, wo, wqo, u0, u1, qv) \
	MONT2(y, z, zq, zo, zqo, t0, t1, b, w, wq, wo, wqo, u0, u1, qv); \
	VPSUBD t0, x, y; \
	VPSUBD u0, a, b; \
	VPADDD t0, x, x; \
	VPADDD u0, a, a

// GS is the inverse (Gentleman–Sande) butterfly of the spec's InvNTT:
// d = x − y; x = x + y; y = MontMul(ζ, d). t0 and t1 are clobbered.
#define GS(x, y, z, zq, zo, zqo, qv, t0, t1) \
	VPSUBD y, x, t0; \
	VPADDD y, x, x; \
	MONT(t0, z, zq, zo, zqo, qv, y, t1)

// GS2 is GS on two independent pairs, interleaved.
#define GS2(x, y, z, zq, zo, zqo, t0, t1, a, b, w, wq, wo, wqo, u0, u1, qv) \
	VPSUBD y, x, t0; \
	VPSUBD b, a, u0; \
	VPADDD y, x, x; \
	VPADDD b, a, a; \
	MONT2(t0, z, zq, zo, zqo, y, t1, u0, w, wq, wo, wqo, b, u1, qv)

// ZETAS broadcasts the scalar table entries (ζ, ζ·q⁻¹) at o1(SI) into Y12,
// Y13 and at o2(SI) into Y14, Y15.
#define ZETAS(o1, o2) \
	VPBROADCASTD o1(SI), Y12; \
	VPBROADCASTD o1+4(SI), Y13; \
	VPBROADCASTD o2(SI), Y14; \
	VPBROADCASTD o2+4(SI), Y15

// MONTMUL sets d = MontMul(a, b) lane by lane for two vectors of factors:
// the product p = a·b, t = (p mod 2³²)·q⁻¹ mod 2³², then the high half of
// p − t·q, as the spec's MontMul. qi holds q⁻¹ and qv holds q in every
// lane. a and b are clobbered; d must differ from a and b.
#define MONTMUL(a, b, qi, qv, d, t1, t2) \
	VPSHUFD  $0xF5, a, t1; \
	VPSHUFD  $0xF5, b, d; \
	VPMULDQ  b, a, a; \
	VPMULDQ  t1, d, d; \
	VPMULDQ  qi, a, b; \
	VPMULDQ  qi, d, t2; \
	VPMULDQ  qv, b, b; \
	VPMULDQ  qv, t2, t2; \
	VPSUBQ   b, a, a; \
	VPSUBQ   t2, d, d; \
	VPSHUFD  $0xF5, a, a; \
	VPBLENDD $0xAA, d, a, d
