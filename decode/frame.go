package decode

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
)

// Frame is what the binary's function table (.gopclntab) records of a
// function's stack use: the frame the linker's nosplit check counts.
type Frame struct {
	// SPMax is the largest SP adjustment the function's pcsp table
	// records: the bytes below its entry SP that it declares it uses.
	// On amd64 that is the $framesize of the TEXT directive, plus the
	// saved BP slot the assembler adds to a non-zero frame, plus the
	// PUSHes it tracks; on arm64 the frame (its saved LR slot included).
	// An SUBQ or SUB of SP written by hand is not counted: the linker
	// does not know of it.
	SPMax int64
	// ArgSize is the argument and result size of the TEXT directive.
	ArgSize int64
}

// ErrNoFrame is wrapped by errors for a function the function table has
// no entry for.
var ErrNoFrame = errors.New("no entry in the function table")

// funcTable is the parsed header of .gopclntab.
type funcTable struct {
	data      []byte
	ptr       int
	quantum   uint64
	textStart uint64
	nfunc     int
	pctab     []byte
	functab   []byte // nfunc+1 pairs (entryOff, funcOff) of uint32, then the _func records
}

// pclntab magic numbers the reader understands (Go 1.20 and later).
const go120Magic = 0xfffffff1

// readFuncTable parses .gopclntab. The text start is the address of
// runtime.text (moduledata.text), to which entry offsets are relative.
func (b *Binary) readFuncTable() (*funcTable, error) {
	sec := b.f.Section(".gopclntab")
	if sec == nil {
		return nil, errors.New("no .gopclntab section")
	}
	data, err := sec.Data()
	if err != nil {
		return nil, fmt.Errorf(".gopclntab: %w", err)
	}
	if len(data) < 8 || binary.LittleEndian.Uint32(data) != go120Magic || data[4] != 0 || data[5] != 0 {
		return nil, errors.New(".gopclntab: not the Go 1.20+ format")
	}
	t := &funcTable{data: data, quantum: uint64(data[6]), ptr: int(data[7])}
	if t.ptr != 8 || t.quantum == 0 {
		return nil, fmt.Errorf(".gopclntab: pointer size %d, quantum %d", t.ptr, t.quantum)
	}
	word := func(i int) (uint64, error) {
		off := 8 + i*t.ptr
		if off+8 > len(data) {
			return 0, errors.New(".gopclntab: truncated header")
		}
		return binary.LittleEndian.Uint64(data[off:]), nil
	}
	nfunc, err := word(0)
	if err != nil {
		return nil, err
	}
	pctabOff, err := word(6)
	if err != nil {
		return nil, err
	}
	pclnOff, err := word(7)
	if err != nil {
		return nil, err
	}
	if pctabOff > uint64(len(data)) || pclnOff > uint64(len(data)) || nfunc > uint64(len(data))/8 {
		return nil, errors.New(".gopclntab: offsets out of range")
	}
	t.nfunc = int(nfunc)
	t.pctab = data[pctabOff:]
	t.functab = data[pclnOff:]
	if len(t.functab) < (t.nfunc+1)*8 {
		return nil, errors.New(".gopclntab: truncated function table")
	}
	text, ok := b.funcSyms["runtime.text"]
	if !ok {
		s := b.sectionByName(".text")
		if s == nil {
			return nil, errors.New("no runtime.text symbol and no .text section")
		}
		t.textStart = s.addr
	} else {
		t.textStart = text.Addr
	}
	return t, nil
}

func (b *Binary) sectionByName(name string) *section {
	for _, s := range b.secs {
		if s.name == name {
			return s
		}
	}
	return nil
}

// frame returns the Frame of the function entered at addr.
func (t *funcTable) frame(addr uint64) (Frame, error) {
	if addr < t.textStart {
		return Frame{}, ErrNoFrame
	}
	off := addr - t.textStart
	ft := t.functab
	entry := func(i int) uint64 { return uint64(binary.LittleEndian.Uint32(ft[8*i:])) }
	i := sort.Search(t.nfunc, func(i int) bool { return entry(i) >= off })
	if i >= t.nfunc || entry(i) != off {
		return Frame{}, ErrNoFrame
	}
	fo := int(binary.LittleEndian.Uint32(ft[8*i+4:]))
	if fo < 0 || fo+44 > len(ft) {
		return Frame{}, errors.New(".gopclntab: function record out of range")
	}
	rec := ft[fo:]
	if uint64(binary.LittleEndian.Uint32(rec)) != off {
		return Frame{}, errors.New(".gopclntab: function record does not match its entry")
	}
	args := int32(binary.LittleEndian.Uint32(rec[8:]))
	pcsp := binary.LittleEndian.Uint32(rec[16:])
	f := Frame{ArgSize: int64(args)}
	if pcsp == 0 {
		return f, nil
	}
	if int(pcsp) >= len(t.pctab) {
		return Frame{}, errors.New(".gopclntab: pcsp table out of range")
	}
	maxSP, err := pcvalueMax(t.pctab[pcsp:])
	if err != nil {
		return Frame{}, fmt.Errorf(".gopclntab: pcsp table: %w", err)
	}
	f.SPMax = maxSP
	return f, nil
}

// pcvalueMax is the largest value of a pc-value table: pairs of a zig-zag
// varint value delta and a varint pc delta, from the value -1, ending at
// a zero value delta after the first pair.
func pcvalueMax(p []byte) (int64, error) {
	val := int64(-1)
	maxVal := int64(0)
	for first := true; ; first = false {
		if len(p) == 0 {
			return 0, errors.New("truncated")
		}
		if p[0] == 0 && !first {
			return maxVal, nil
		}
		uv, n := binary.Uvarint(p)
		if n <= 0 {
			return 0, errors.New("bad value delta")
		}
		p = p[n:]
		val += int64(-(uv & 1) ^ (uv >> 1))
		if _, n = binary.Uvarint(p); n <= 0 {
			return 0, errors.New("bad pc delta")
		}
		p = p[n:]
		maxVal = max(maxVal, val)
	}
}

// Frame returns the stack frame the function table records for f.
func (f *Func) Frame() (Frame, error) {
	b := f.Bin
	if b == nil {
		return Frame{}, fmt.Errorf("frame of %s: no binary", f.Name)
	}
	b.mu.Lock()
	if b.ftab == nil && b.ftabErr == nil {
		b.ftab, b.ftabErr = b.readFuncTable()
	}
	t, err := b.ftab, b.ftabErr
	b.mu.Unlock()
	if err != nil {
		return Frame{}, fmt.Errorf("frame of %s: %w", f.Name, err)
	}
	fr, err := t.frame(f.Addr)
	if err != nil {
		return Frame{}, fmt.Errorf("frame of %s: %w", f.Name, err)
	}
	return fr, nil
}
