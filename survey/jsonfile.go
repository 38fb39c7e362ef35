package survey

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
)

// ReadJSON reads what -json-file wrote: one Row per line, then one line
// holding the Summary. A run that was stopped has rows and no summary
// (sum is nil); a row after the summary, a second summary or a line that
// is not JSON is an error naming its line.
func ReadJSON(r io.Reader) (rows []*Row, sum *Summary, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<24)
	for line := 1; sc.Scan(); line++ {
		var v struct {
			Row
			Summary *Summary `json:"summary"`
		}
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return nil, nil, fmt.Errorf("line %d: %w", line, err)
		}
		switch {
		case v.Summary != nil && sum == nil:
			sum = v.Summary
		case v.Summary != nil || sum != nil:
			return nil, nil, fmt.Errorf("line %d: a row after the summary, or a second summary", line)
		case v.Kernel == "":
			return nil, nil, fmt.Errorf("line %d: a row without a kernel", line)
		default:
			row := v.Row
			rows = append(rows, &row)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, err
	}
	return rows, sum, nil
}
