// Package decode extracts and decodes the machine code of Go assembly
// functions from linked binaries. It holds all of vg's go command, ELF,
// DWARF and overlay plumbing.
//
// The pipeline is:
//
//   - Load finds, with golang.org/x/tools/go/packages, the packages
//     matching some patterns for a target architecture (amd64 or arm64),
//     and in each package with .s files the functions declared in Go
//     without a body: the assembly functions (AsmFunc).
//   - Build builds one test binary per package with "go test -c" and an
//     overlay that adds a test file referencing every assembly function, so
//     that the linker keeps them (files on disk are never modified). The
//     resulting Program maps qualified names (importpath.Name) to decoded
//     Funcs.
//   - A Binary is one ELF executable held in memory. Binary.Func and
//     Binary.FuncAt decode any function on demand (e.g. a CALL target),
//     Binary.SymbolAt resolves any address to its symbol (for instance a
//     RIP-relative reference to a read-only constant table), and the DWARF
//     line table gives each instruction's .s file and line.
//   - Inst holds one decoded instruction (x86asm on amd64, arm64asm on
//     arm64) with its encoding and source position; Inst.String prints Go
//     assembler syntax.
//
// RunTest runs a package's tests with an overlay (under qemu-aarch64 for
// arm64 on an amd64 host), for replaying counterexamples.
//
// # Symbols
//
// The assembly body of a function is the linker symbol
// "importpath.Name.abi0"; the symbol without suffix is the
// compiler-generated ABI wrapper and is not used when the body exists. In
// symbol names the linker escapes '.' in the last import path element as
// "%2e" ("example.com/a/b.v2.F" is "example.com/a/b%2ev2.F"); lookups take
// unescaped qualified names and Func.Name is unescaped. File-local
// assembly symbols (name<>) appear as plain "name".
//
// # Decoding
//
// x86asm lacks ADCX and ADOX, which this package decodes itself as OpADCX
// and OpADOX, and mis-sizes VZEROUPPER/VZEROALL, which is corrected. As a
// guard against such decoder bugs every function's decoding is checked
// against the DWARF line table: each row inside the function must start
// an instruction. Go pads amd64 functions with INT3 outside the symbol; an
// INT3 inside a symbol is an ordinary instruction. On arm64 the symbol
// includes zero words of padding, which, like literal pool constants, are
// kept as Insts with Data set.
//
// # Environment
//
// Binaries are built for GOOS=linux with cgo disabled. Packages in the
// module cache, where the go command refuses overlays, are built through a
// symlink named by a replace directive in a temporary copy of go.mod;
// this is not supported in workspace mode.
package decode
