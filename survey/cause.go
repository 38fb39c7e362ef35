package survey

import (
	"regexp"
	"strings"

	"vg.dev/prove"
)

// The causes that rows are grouped by. A row that is fully proved has
// none; every other row has exactly one, that of its first blocking
// reason.
const (
	CauseNotAsm        = "not assembly"
	CauseNoPair        = "no counterpart (ct and frame only)"
	CauseRefuted       = "refuted"
	CauseCTViolated    = "constant-time violation"
	CauseFrameViolated = "frame violation"
	CauseUnmodelled    = "unmodelled instruction"
	CauseTLS           = "stack-growth prologue (TLS load of g)"
	CauseSpec          = "spec construct not supported"
	CauseSpecLoad      = "spec does not load"
	CauseParamType     = "parameter type not supported"
	CauseSizes         = "slice lengths needed"
	CauseBudget        = "budget exceeded"
	CauseSolver        = "solver unknown"
	CausePaths         = "path limit"
	CauseLayout        = "layout differs"
	CauseOther         = "other error"
	CauseABIInternal   = "ABIInternal assembly"
	CauseContract      = "contract not expressible (pointer to an array, length in another argument)"
)

var causeRules = []struct {
	re    *regexp.Regexp
	cause string
}{
	{regexp.MustCompile(`within the budget`), CauseBudget},
	{regexp.MustCompile(`TLS access|through g \(R28\)`), CauseTLS},
	{regexp.MustCompile(`unmodelled instruction|encoding form not modelled|cannot parse the vector encoding`), CauseUnmodelled},
	{regexp.MustCompile(`^spec side:`), CauseSpecLoad},
	{regexp.MustCompile(`interpret .*: `), CauseSpec},
	{regexp.MustCompile(`only integers, bools, pointers, slices and strings|points to a zero-size type|not plain integer data`), CauseParamType},
	{regexp.MustCompile(`needs a length`), CauseSizes},
	{regexp.MustCompile(`solver gave up`), CauseSolver},
	{regexp.MustCompile(`more than \d+ paths`), CausePaths},
	{regexp.MustCompile(`does not have the layout`), CauseLayout},
	{regexp.MustCompile(`^not assembly`), CauseNotAsm},
	{regexp.MustCompile(`^ABIInternal`), CauseABIInternal},
	{regexp.MustCompile(`^not run: `), CauseContract},
}

// Cause is the group of a row's first blocking reason ("" when the row is
// fully proved).
func Cause(r *Row) string {
	if r.Proved() && r.Reason == "" {
		if r.Spec == "" {
			return CauseNoPair
		}
		return ""
	}
	reason := r.Reason
	if i := strings.Index(reason, "] "); strings.HasPrefix(reason, "[") && i > 0 {
		reason = reason[i+2:]
	}
	for _, c := range causeRules {
		if c.re.MatchString(reason) {
			return c.cause
		}
	}
	switch {
	case r.Equivalence == prove.Refuted:
		return CauseRefuted
	case r.Frame == prove.Violated:
		return CauseFrameViolated
	case r.CT == prove.Violated && !r.CTExempt:
		return CauseCTViolated
	case r.Spec == "" && r.NoPair != "" && reason == r.NoPair:
		return CauseNoPair
	}
	return CauseOther
}
