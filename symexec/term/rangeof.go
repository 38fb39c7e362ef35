package term

// Range returns the least and greatest unsigned value of t that its
// structure and the declared bounds (Bound) prove; ok is false when the
// analysis knows no range below 2^58. The range holds for
// every value of t's variables within their bounds: the memory model uses
// it to prove an access at a symbolic offset in bounds.
func (b *Builder) Range(t *Term) (lo, hi uint64, ok bool) {
	r := b.valueRange(t)
	if !r.ok || r.lo < 0 || r.hi < r.lo {
		return 0, 0, false
	}
	return uint64(r.lo), uint64(r.hi), true
}
