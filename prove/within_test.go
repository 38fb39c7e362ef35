package prove

import (
	"sync/atomic"
	"testing"
	"time"
)

// TestRunWithin: a run that ends in time is not abandoned and settle does
// not wait; one past its limit is abandoned, and settle waits for it to
// end (so a worker does not start the next obligation beside it), but no
// longer than its own bound.
func TestRunWithin(t *testing.T) {
	tests := []struct {
		name          string
		runs          time.Duration // how long the run takes
		limit, wait   time.Duration
		wantAbandoned bool
		wantEnded     bool // the run has ended when settle returns
	}{
		{"in time", 0, time.Second, time.Second, false, true},
		{"abandoned, settles", 300 * time.Millisecond, 50 * time.Millisecond, 10 * time.Second, true, true},
		{"abandoned, wait bounded", 5 * time.Second, 50 * time.Millisecond, 100 * time.Millisecond, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ended atomic.Bool
			start := time.Now()
			abandoned, settle := runWithin(func() {
				time.Sleep(tt.runs)
				ended.Store(true)
			}, tt.limit, tt.wait)
			if abandoned != tt.wantAbandoned {
				t.Errorf("abandoned = %v, want %v", abandoned, tt.wantAbandoned)
			}
			if abandoned && ended.Load() {
				t.Errorf("abandoned, yet the run had ended")
			}
			settle()
			if ended.Load() != tt.wantEnded {
				t.Errorf("after settle, the run has ended = %v, want %v", ended.Load(), tt.wantEnded)
			}
			if d := time.Since(start); d > tt.limit+tt.wait+2*time.Second {
				t.Errorf("took %v, more than limit + wait", d)
			}
		})
	}
}
