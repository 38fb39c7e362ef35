package decode

import (
	"bytes"
	"context"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Binary is one linked Go ELF executable held in memory: its symbols,
// sections and DWARF line table. It is safe for concurrent use.
type Binary struct {
	// Path is the file the binary was read from (it may no longer exist:
	// Build removes its temporary files).
	Path string
	// Arch is "amd64" or "arm64".
	Arch string
	// ImportPath is the package the binary was built for by Build, or "".
	ImportPath string

	f        *elf.File
	secs     []*section         // allocated sections, by address
	syms     []*Symbol          // sized or named symbols, sorted by Addr
	maxSize  uint64             // largest symbol size, bounds SymbolAt's scan
	funcSyms map[string]*Symbol // STT_FUNC symbols in executable sections by name

	srcPath func(string) string // maps DWARF file names to source paths, if set

	mu    sync.Mutex
	funcs map[uint64]*Func // decoded functions by address
	lines *lineTable       // built lazily

	ftab    *funcTable // .gopclntab, read lazily
	ftabErr error

	// relink builds the binary again with extra linker flags (Build's
	// binaries only).
	relink    func(ctx context.Context, ldflags string) (*Binary, error)
	moved     *Binary // Moved's result
	movedErr  error
	movedOnce sync.Once
}

// section is an allocated ELF section and its contents.
type section struct {
	name     string
	addr     uint64
	size     uint64
	data     []byte // nil for NOBITS
	writable bool
	exec     bool
}

// Symbol is a symbol of a binary: a function or a data object.
type Symbol struct {
	// Name is the linker's name. Package paths are escaped as the linker
	// does (see Func); file-local assembly symbols (name<>) appear
	// without "<>" and without package.
	Name       string
	Addr, Size uint64
	// Data is the initial contents (shared, do not modify); nil for
	// zero-initialized (.bss, .noptrbss) symbols.
	Data []byte
	// Writable reports whether the symbol lives in a writable section
	// (.data, .noptrdata, .bss, .noptrbss). Assembly DATA/GLOBL symbols
	// flagged RODATA live in .rodata and are not writable.
	Writable bool
	// Section is the section name, e.g. ".rodata" or ".text".
	Section string
	// Exec reports whether the symbol lies in an executable section:
	// machine code, whose bytes (branch displacements) depend on where
	// the linker put things.
	Exec bool

	isFunc bool
}

// OpenBinary reads the ELF executable at path. Malformed input yields an
// error, never a panic.
func OpenBinary(path string) (*Binary, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("open binary: %w", err)
	}
	b, err := parseBinary(path, data)
	if err != nil {
		return nil, fmt.Errorf("open binary %s: %w", path, err)
	}
	return b, nil
}

// parseBinary parses an in-memory ELF image.
func parseBinary(path string, data []byte) (b *Binary, err error) {
	// debug/elf is defensive, but guard against panics on hostile input
	// so that callers only ever see errors.
	defer func() {
		if r := recover(); r != nil {
			b, err = nil, fmt.Errorf("malformed ELF file: %v", r)
		}
	}()
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	b = &Binary{Path: path, f: f, funcs: map[uint64]*Func{}}
	switch f.Machine {
	case elf.EM_X86_64:
		b.Arch = "amd64"
	case elf.EM_AARCH64:
		b.Arch = "arm64"
	default:
		return nil, fmt.Errorf("unsupported machine %v", f.Machine)
	}
	if f.Class != elf.ELFCLASS64 {
		return nil, fmt.Errorf("unsupported ELF class %v", f.Class)
	}
	if err := b.readSections(); err != nil {
		return nil, err
	}
	if err := b.readSymbols(); err != nil {
		return nil, err
	}
	return b, nil
}

func (b *Binary) readSections() error {
	for _, s := range b.f.Sections {
		if s.Flags&elf.SHF_ALLOC == 0 || s.Size == 0 {
			continue
		}
		if s.Addr+s.Size < s.Addr {
			return fmt.Errorf("section %s: address range overflows", s.Name)
		}
		sec := &section{
			name:     s.Name,
			addr:     s.Addr,
			size:     s.Size,
			writable: s.Flags&elf.SHF_WRITE != 0,
			exec:     s.Flags&elf.SHF_EXECINSTR != 0,
		}
		if s.Type != elf.SHT_NOBITS {
			d, err := s.Data()
			if err != nil {
				return fmt.Errorf("section %s: %w", s.Name, err)
			}
			if uint64(len(d)) != s.Size {
				return fmt.Errorf("section %s: truncated (%d of %d bytes)", s.Name, len(d), s.Size)
			}
			sec.data = d
		}
		b.secs = append(b.secs, sec)
	}
	sort.Slice(b.secs, func(i, j int) bool { return b.secs[i].addr < b.secs[j].addr })
	return nil
}

func (b *Binary) readSymbols() error {
	esyms, err := b.f.Symbols()
	if errors.Is(err, elf.ErrNoSymbols) {
		return errors.New("no symbol table (linked with -s, or stripped)")
	}
	if err != nil {
		return fmt.Errorf("symbols: %w", err)
	}
	b.funcSyms = map[string]*Symbol{}
	for _, es := range esyms {
		if es.Section == elf.SHN_UNDEF || es.Section >= elf.SHN_LORESERVE || es.Name == "" {
			continue
		}
		typ := elf.ST_TYPE(es.Info)
		if typ == elf.STT_SECTION || typ == elf.STT_FILE || typ == elf.STT_TLS {
			continue
		}
		sec := b.sectionAt(es.Value)
		if sec == nil || es.Value+es.Size > sec.addr+sec.size || es.Value+es.Size < es.Value {
			continue // not in an allocated section, or overruns it
		}
		s := &Symbol{
			Name:     es.Name,
			Addr:     es.Value,
			Size:     es.Size,
			Writable: sec.writable,
			Section:  sec.name,
			Exec:     sec.exec,
			isFunc:   typ == elf.STT_FUNC && sec.exec,
		}
		if sec.data != nil {
			off := es.Value - sec.addr
			s.Data = sec.data[off : off+es.Size : off+es.Size]
		}
		b.syms = append(b.syms, s)
		b.maxSize = max(b.maxSize, s.Size)
		if s.isFunc {
			b.funcSyms[s.Name] = s
		}
	}
	sort.SliceStable(b.syms, func(i, j int) bool { return b.syms[i].Addr < b.syms[j].Addr })
	return nil
}

// sectionAt returns the allocated section containing addr, or nil.
func (b *Binary) sectionAt(addr uint64) *section {
	i := sort.Search(len(b.secs), func(i int) bool { return b.secs[i].addr+b.secs[i].size > addr })
	if i < len(b.secs) && b.secs[i].addr <= addr {
		return b.secs[i]
	}
	return nil
}

// SymbolAt returns the symbol containing addr. When symbols overlap the
// smallest one wins; a zero-size symbol matches only its own address and
// only if no sized symbol contains addr.
func (b *Binary) SymbolAt(addr uint64) (*Symbol, bool) {
	i := sort.Search(len(b.syms), func(i int) bool { return b.syms[i].Addr > addr })
	var best *Symbol
	for j := i - 1; j >= 0; j-- {
		s := b.syms[j]
		if addr-s.Addr >= b.maxSize && s.Addr != addr {
			break
		}
		switch {
		case s.Size == 0:
			if s.Addr == addr && best == nil {
				best = s
			}
		case addr-s.Addr < s.Size:
			if best == nil || best.Size == 0 || s.Size < best.Size {
				best = s
			}
		}
	}
	return best, best != nil
}

// SymbolsNamed returns the symbols called name (file-local assembly
// symbols of two packages may share one).
func (b *Binary) SymbolsNamed(name string) []*Symbol {
	var out []*Symbol
	for _, s := range b.syms {
		if s.Name == name {
			out = append(out, s)
		}
	}
	return out
}

// Moved returns the same program linked with its text 64 MiB higher (and
// every other section after it): the bytes of a data symbol that differ
// between the two hold addresses, which every link may set differently.
// It is built once, on first use; only binaries from Build have it.
func (b *Binary) Moved(ctx context.Context) (*Binary, error) {
	if b.relink == nil {
		return nil, errors.New("binary was not built by Build: it cannot be linked again")
	}
	b.movedOnce.Do(func() {
		text := b.sectionByName(".text")
		if text == nil {
			b.movedErr = errors.New("no .text section")
			return
		}
		b.moved, b.movedErr = b.relink(ctx, fmt.Sprintf("-T=%#x", text.addr+64<<20))
	})
	return b.moved, b.movedErr
}

// MayHoldAddress reports whether some aligned 4- or 8-byte word of data
// has a value inside one of b's allocated sections: it may be an address
// the linker wrote (Moved tells).
func (b *Binary) MayHoldAddress(data []byte) bool {
	in := func(v uint64) bool { return b.sectionAt(v) != nil }
	for i := 0; i+4 <= len(data); i += 4 {
		if in(uint64(binary.LittleEndian.Uint32(data[i:]))) {
			return true
		}
		if i%8 == 0 && i+8 <= len(data) && in(binary.LittleEndian.Uint64(data[i:])) {
			return true
		}
	}
	return false
}

// ReadAt reads len(p) bytes of initialized memory at address addr. It
// implements io.ReaderAt over the address space.
func (b *Binary) ReadAt(p []byte, addr int64) (int, error) {
	n := 0
	for n < len(p) {
		a := uint64(addr) + uint64(n)
		sec := b.sectionAt(a)
		if sec == nil || sec.data == nil {
			return n, fmt.Errorf("read at %#x: not in an initialized section", a)
		}
		n += copy(p[n:], sec.data[a-sec.addr:])
	}
	return n, nil
}

// funcSymbol returns the STT_FUNC symbol for the qualified name
// importpath.Name: the ABI0 body ("<name>.abi0") of an assembly function if
// present, else the plain symbol (Go functions and assembly functions
// written for ABIInternal). The plain symbol of an ABI0 function is the
// compiler's ABI wrapper and is never returned when the body exists.
func (b *Binary) funcSymbol(name string) (*Symbol, bool) {
	for _, n := range symbolNames(name) {
		if s, ok := b.funcSyms[n+".abi0"]; ok {
			return s, true
		}
	}
	for _, n := range symbolNames(name) {
		if s, ok := b.funcSyms[n]; ok {
			return s, true
		}
	}
	return nil, false
}

// FuncPlain decodes the plain symbol of importpath.Name, never its ABI0
// one: an assembly function written for ABIInternal, whose "<name>.abi0"
// is the linker's wrapper for ABI0 callers.
func (b *Binary) FuncPlain(name string) (*Func, error) {
	for _, n := range symbolNames(name) {
		if s, ok := b.funcSyms[n]; ok {
			return b.decodeSym(s)
		}
	}
	return nil, fmt.Errorf("decode %s: %w", name, ErrNotFound)
}

// Func decodes the function with the qualified name importpath.Name (for
// Go methods importpath.T.m or importpath.(*T).m). See funcSymbol for
// which symbol is chosen.
func (b *Binary) Func(name string) (*Func, error) {
	s, ok := b.funcSymbol(name)
	if !ok {
		return nil, fmt.Errorf("decode %s: %w", name, ErrNotFound)
	}
	return b.decodeSym(s)
}

// FuncAt decodes the function whose symbol contains addr, e.g. a CALL
// target. Callers can compare the result's Addr with addr.
func (b *Binary) FuncAt(addr uint64) (*Func, error) {
	s, ok := b.SymbolAt(addr)
	if !ok || !s.isFunc {
		// A function symbol may be shadowed by a smaller marker symbol.
		s = b.funcContaining(addr)
		if s == nil {
			return nil, fmt.Errorf("decode function at %#x: %w", addr, ErrNotFound)
		}
	}
	return b.decodeSym(s)
}

func (b *Binary) funcContaining(addr uint64) *Symbol {
	i := sort.Search(len(b.syms), func(i int) bool { return b.syms[i].Addr > addr })
	for j := i - 1; j >= 0 && addr-b.syms[j].Addr < b.maxSize; j-- {
		if s := b.syms[j]; s.isFunc && addr-s.Addr < s.Size {
			return s
		}
	}
	return nil
}

// ErrNotFound is wrapped by errors for symbols missing from a binary.
var ErrNotFound = errors.New("symbol not found")

// decodeSym decodes a function symbol, caching the result.
func (b *Binary) decodeSym(s *Symbol) (f *Func, err error) {
	b.mu.Lock()
	f, ok := b.funcs[s.Addr]
	b.mu.Unlock()
	if ok {
		return f, nil
	}
	// The DWARF readers are defensive, but malformed input must only
	// ever produce errors.
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("decode %s: malformed binary: %v", s.Name, r)
		}
	}()
	f, err = b.decodeFunc(s)
	if err != nil {
		return nil, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if g, ok := b.funcs[s.Addr]; ok {
		return g, nil
	}
	b.funcs[s.Addr] = f
	return f, nil
}

// symbolNames returns the linker symbol names a qualified Go name
// importpath.Name may have. The linker escapes '.' (and a few other bytes)
// in the last element of the import path as %xx
// (cmd/internal/objabi.PathToPrefix): "example.com/a/b.v2.F" is
// "example.com/a/b%2ev2.F" while "vg.dev/kernels/fe25519.F" is unchanged.
// Since the Go name may itself contain dots (T.m), every dot after the
// last '/' is tried as the end of the import path.
func symbolNames(name string) []string {
	names := []string{name}
	slash := strings.LastIndex(name, "/")
	for i := slash + 1; i < len(name); i++ {
		if name[i] != '.' {
			continue
		}
		if n := escapePath(name[:i]) + name[i:]; !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

// escapePath mirrors the linker's escaping of import paths in symbols.
func escapePath(s string) string {
	slash := strings.LastIndex(s, "/")
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || (c == '.' && i > slash) || c == '%' || c == '"' || c >= 0x7f {
			fmt.Fprintf(&sb, "%%%02x", c)
			continue
		}
		sb.WriteByte(c)
	}
	return sb.String()
}

// unescapeSymbol reverses escapePath for a symbol name (%xx → byte).
func unescapeSymbol(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if v, ok := unhex(s[i+1]); ok {
				if w, ok := unhex(s[i+2]); ok {
					sb.WriteByte(v<<4 | w)
					i += 2
					continue
				}
			}
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// SymbolGoName is the Go name importpath.Name of a linker symbol name,
// the escapes the linker adds to the import path undone.
func SymbolGoName(sym string) string { return unescapeSymbol(sym) }
