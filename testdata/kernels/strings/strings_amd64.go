package strings

// countRight is countGo, branch-free: SETEQ and an add per byte.
//
//vg:spec countGo
//vg:sizes s=1,3,8
//vg:public c
func countRight(s string, c byte) int

// countTail is countTailGo: it starts at s[1].
//
//vg:spec countTailGo
//vg:sizes s=1,3
//vg:public c
func countTail(s string, c byte) int

// countWrong skips the last byte.
//
//vg:spec countGo
//vg:sizes s=3
//vg:public c
func countWrong(s string, c byte) int

// countPast reads one byte past the end of s.
//
//vg:spec countGo
//vg:sizes s=3
//vg:public c
func countPast(s string, c byte) int

// countStore clears s[0] (a string's bytes are immutable), then counts.
//
//vg:spec countGo
//vg:sizes s=3
//vg:public c
func countStore(s string, c byte) int
