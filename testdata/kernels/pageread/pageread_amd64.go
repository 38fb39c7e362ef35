package pageread

// matchMask loads the 16 bytes from b's start when they stay in its page
// (the low bits of b+16 say so), else the 16 bytes ending at its end, and
// masks the comparison to b's bytes.
//
//vg:spec matchMaskGo
//vg:sizes b=1,5,15
//vg:pageread
func matchMask(b []byte, c byte) uint64

// matchMaskStrict is matchMask without //vg:pageread: its loads are out
// of bounds.
//
//vg:spec matchMaskGo
//vg:sizes b=5
func matchMaskStrict(b []byte, c byte) uint64

// matchNoCheck always loads 16 bytes from b's start.
//
//vg:spec matchMaskGo
//vg:sizes b=5
//vg:pageread
func matchNoCheck(b []byte, c byte) uint64

// matchWrongCheck tests the low bits of b instead of b+16: a load that
// starts in the last 16 bytes of a page is let through.
//
//vg:spec matchMaskGo
//vg:sizes b=5
//vg:pageread
func matchWrongCheck(b []byte, c byte) uint64

// matchJunk does not mask the comparison to b's bytes.
//
//vg:spec matchMaskGo
//vg:sizes b=5
//vg:pageread
func matchJunk(b []byte, c byte) uint64
