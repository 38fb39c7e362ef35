package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/sys/unix"

	"vg.dev/prove"
)

// progress reports on stderr how a run goes. Not on a terminal, it prints
// one line per obligation as it finishes. On a terminal it keeps one line,
// rewritten in place as obligations start, move from step to step (lift,
// the ct check, sweeping, a solver query for one output, the replay) and
// finish, and every half second, so a long proof is never silent.
type progress struct {
	w     io.Writer
	n     int
	tty   bool
	width int // of the terminal: the line is cut to fit, or \r cannot rewrite it

	mu       sync.Mutex
	done     int
	last     string // the obligation that finished last, with its verdict
	build    bool   // the packages are being built
	active   map[string]*step
	quit     chan struct{}
	wg       sync.WaitGroup
	stopOnce sync.Once
}

// step is what one running obligation is doing, since when.
type step struct {
	name  string
	stage string
	start time.Time // of the obligation
}

// newProgress reports to w, in place when w is a terminal.
func newProgress(w io.Writer, n int) *progress {
	tty, width := false, 0
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			tty, width = true, 100
			if ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ); err == nil && ws.Col > 0 {
				width = int(ws.Col)
			}
		}
	}
	return startProgress(w, n, tty, width, 500*time.Millisecond)
}

func startProgress(w io.Writer, n int, tty bool, width int, every time.Duration) *progress {
	p := &progress{w: w, n: n, tty: tty, width: width, active: map[string]*step{}, quit: make(chan struct{})}
	if tty && every > 0 {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			t := time.NewTicker(every)
			defer t.Stop()
			for {
				select {
				case <-p.quit:
					return
				case <-t.C:
					p.mu.Lock()
					p.draw()
					p.mu.Unlock()
				}
			}
		}()
	}
	return p
}

// result is prove.Options.Progress.
func (p *progress) result(r *prove.Result, finished bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.build = false
	if !finished {
		p.active[r.Name()] = &step{name: r.Name(), stage: "start", start: time.Now()}
		p.draw()
		return
	}
	delete(p.active, r.Name())
	p.done++
	line := fmt.Sprintf("[%d/%d] %s %s (%.1fs)", p.done, p.n, r.Name(), worst(r.Equivalence, r.CT, r.Frame), r.Seconds)
	if !p.tty {
		fmt.Fprintln(p.w, line)
		return
	}
	p.last = fmt.Sprintf("%s %s", r.Name(), worst(r.Equivalence, r.CT, r.Frame))
	p.draw()
}

// stage is prove.Options.Stage.
func (p *progress) stage(r *prove.Result, st string) {
	if !p.tty {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if r == nil {
		p.build = st == "build"
	} else if a := p.active[r.Name()]; a != nil {
		a.stage = st
	}
	p.draw()
}

// draw rewrites the terminal line (p.mu held).
func (p *progress) draw() {
	if !p.tty {
		return
	}
	fmt.Fprintf(p.w, "\r\033[K%s", fit(p.line(time.Now()), p.width-1))
}

// line is the status line: the obligation running longest, what it is
// doing and for how long, how many others run, and the last to finish.
func (p *progress) line(now time.Time) string {
	if p.build {
		return "building and loading the kernels' packages…"
	}
	s := fmt.Sprintf("[%d/%d]", p.done, p.n)
	var running []*step
	for _, a := range p.active {
		running = append(running, a)
	}
	sort.Slice(running, func(i, j int) bool {
		if !running[i].start.Equal(running[j].start) {
			return running[i].start.Before(running[j].start)
		}
		return running[i].name < running[j].name
	})
	if len(running) > 0 {
		a := running[0]
		s += fmt.Sprintf(" %s: %s (%.0fs)", a.name, a.stage, now.Sub(a.start).Seconds())
		if len(running) > 1 {
			s += fmt.Sprintf(", %d more running", len(running)-1)
		}
	}
	if p.last != "" {
		s += "; last: " + p.last
	}
	return s
}

// stop ends the ticker and clears the line on a terminal (p may be nil;
// a second stop does nothing).
func (p *progress) stop() {
	if p == nil {
		return
	}
	p.stopOnce.Do(func() {
		close(p.quit)
		p.wg.Wait()
		if p.tty {
			fmt.Fprint(p.w, "\r\033[K")
		}
	})
}

// fit cuts s to n runes, with an ellipsis.
func fit(s string, n int) string {
	if n <= 1 || utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
