// Package rawbytes holds amd64 kernels with machine code written as BYTE
// directives: an instruction spelled over two lines (the line table then
// starts a row inside it), and data in the text that the code jumps over
// (as crypto/internal/boring/sig's signatures do). Only the tests build
// it.
package rawbytes

// addGo is the spec of addBytes and subBytes.
func addGo(x, y uint64) uint64 { return x + y }

// sevenGo is the spec of jumpOver.
func sevenGo() uint64 { return 7 }

// counter's method bump is the spec of bumpAsm, the receiver its first
// parameter.
type counter struct{ v uint64 }

func (c *counter) bump(x uint64) uint64 {
	c.v += x
	return c.v
}
