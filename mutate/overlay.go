package mutate

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"vg.dev/decode"
)

// overlay returns the build overlay that puts m in place of its line, and
// a function that removes the temporary files it needed.
//
// A .s file is replaced through the overlay. A header cannot be: the go
// command passes the assembler the overlay's copy of a .s file, but the
// assembler opens the files it #includes itself, from the package
// directory on disk. So the mutated header, and every header that
// includes it, directly or not, is written to a temporary directory, and
// every .s file that includes one of them is overlaid with its #include
// naming the temporary copy: one line for one, so that line numbers stay.
// The directory's name holds a hash of the files' contents, so the build
// cache (whose key holds the .s file and with it the path) never mistakes
// one mutant for another.
func (s *Source) overlay(m Mutant) (decode.Overlay, func(), error) {
	nothing := func() {}
	f := s.files[m.File]
	if f == nil || m.Line < 1 || m.Line > len(f.lines) || f.lines[m.Line-1] != m.Before {
		return nil, nothing, fmt.Errorf("mutate: %s:%d: mutant does not match the source", m.File, m.Line)
	}
	mutated := func(g *file) []string {
		lines := g.lines
		if g == f {
			lines = cloneLines(lines)
			lines[m.Line-1] = m.After
		}
		return lines
	}
	if strings.HasSuffix(m.File, ".s") {
		return decode.Overlay{m.File: strings.Join(mutated(f), "\n")}, nothing, nil
	}

	// The files to rewrite: the header and, transitively, its includers.
	affected := map[string]bool{m.File: true}
	for changed := true; changed; {
		changed = false
		for path, g := range s.files {
			for _, inc := range g.includes {
				if affected[inc] && !affected[path] {
					affected[path], changed = true, true
				}
			}
		}
	}
	var paths []string
	for p := range affected {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%d\n%s\n", m.File, m.Line, m.After)
	for _, p := range paths {
		fmt.Fprintf(h, "%s\n%d\n%s\n", p, len(s.files[p].lines), strings.Join(s.files[p].lines, "\n"))
	}
	tmp, err := os.MkdirTemp("", "vgmutate-"+hex.EncodeToString(h.Sum(nil))[:16]+"-")
	if err != nil {
		return nil, nothing, fmt.Errorf("mutate: %w", err)
	}
	cleanup := func() { os.RemoveAll(tmp) }
	copyOf := map[string]string{}
	for i, p := range paths {
		if !strings.HasSuffix(p, ".s") {
			copyOf[p] = filepath.Join(tmp, strconv.Itoa(i), filepath.Base(p))
		}
	}
	ovl := decode.Overlay{}
	for _, p := range paths {
		g := s.files[p]
		lines := cloneLines(mutated(g))
		for i, l := range lines {
			if mm := includeRE.FindStringSubmatchIndex(l); mm != nil {
				if c, ok := copyOf[filepath.Join(filepath.Dir(p), l[mm[2]:mm[3]])]; ok {
					lines[i] = l[:mm[2]] + c + l[mm[3]:]
				}
			}
		}
		text := strings.Join(lines, "\n")
		if c, ok := copyOf[p]; ok {
			err = os.MkdirAll(filepath.Dir(c), 0o755)
			if err == nil {
				err = os.WriteFile(c, []byte(text), 0o644)
			}
			if err != nil {
				cleanup()
				return nil, nothing, fmt.Errorf("mutate: %w", err)
			}
			continue
		}
		ovl[p] = text
	}
	return ovl, cleanup, nil
}

func cloneLines(s []string) []string { return append([]string(nil), s...) }
