package fe25519

import spec "vg.dev/spec/fe25519"

// The generic variant is the specification: on machines without kernels the
// proved reference is also the fastest portable code we have.

func mulGeneric(out, a, b *Element) { spec.Mul(out, a, b) }

func squareGeneric(out, a *Element) { spec.Square(out, a) }

func carryGeneric(out, a *Element) { spec.Carry(out, a) }
