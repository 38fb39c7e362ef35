package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"time"

	"vg.dev/prove"
)

// junitReporter writes one JUnit XML report: a test case per obligation,
// failed when it is refuted or violated, errored when unknown or an error.
// A test case names the .s file and line of its finding (file, line), and
// its text is the text report's: where, each violation with its hint, the
// inputs, the differing outputs and the regression test.
type junitReporter struct {
	w       io.Writer
	root    string
	results []*prove.Result
}

func (j *junitReporter) result(r *prove.Result) { j.results = append(j.results, r) }

type (
	junitSuites struct {
		XMLName xml.Name     `xml:"testsuites"`
		Suites  []junitSuite `xml:"testsuite"`
	}
	junitSuite struct {
		Name     string      `xml:"name,attr"`
		Tests    int         `xml:"tests,attr"`
		Failures int         `xml:"failures,attr"`
		Errors   int         `xml:"errors,attr"`
		Time     string      `xml:"time,attr"`
		Cases    []junitCase `xml:"testcase"`
	}
	junitCase struct {
		Name      string        `xml:"name,attr"`
		ClassName string        `xml:"classname,attr"`
		Time      string        `xml:"time,attr"`
		File      string        `xml:"file,attr,omitempty"`
		Line      int           `xml:"line,attr,omitempty"`
		Failure   *junitProblem `xml:"failure,omitempty"`
		Error     *junitProblem `xml:"error,omitempty"`
	}
	junitProblem struct {
		Message string `xml:"message,attr"`
		Text    string `xml:",chardata"`
	}
)

func (j *junitReporter) summary(_ []*prove.Result, wall time.Duration) {
	suite := junitSuite{Name: "vgcheck", Time: fmt.Sprintf("%.3f", wall.Seconds())}
	for _, r := range j.results {
		c := junitCase{Name: r.Name(), ClassName: "vgcheck." + r.Arch, Time: fmt.Sprintf("%.3f", r.Seconds)}
		verdict := headline(r)
		msg := fmt.Sprintf("ct %s, frame %s", checked(r.CT), checked(r.Frame))
		if r.Spec != "" {
			msg = fmt.Sprintf("equivalence %s, %s", checked(r.Equivalence), msg)
		}
		if verdict != prove.Proved && verdict != prove.Unchanged {
			at, _ := r.Located()
			if len(r.Violations) > 0 && r.Violations[0].File != "" {
				at = prove.Location{File: r.Violations[0].File, Line: r.Violations[0].Line}
			}
			c.File, c.Line = prove.Rel(j.root, at.File), at.Line
			if pos := at.Pos(j.root); pos != "" {
				msg = pos + ": " + msg
			}
		}
		var text bytes.Buffer
		(&textReporter{w: &text, root: j.root}).result(r)
		switch verdict {
		case prove.Refuted, prove.Violated:
			c.Failure = &junitProblem{msg, text.String()}
			suite.Failures++
		case prove.Unknown, prove.Error:
			c.Error = &junitProblem{msg, text.String()}
			suite.Errors++
		}
		suite.Cases = append(suite.Cases, c)
		suite.Tests++
	}
	b, _ := xml.MarshalIndent(junitSuites{Suites: []junitSuite{suite}}, "", "  ")
	fmt.Fprintf(j.w, "%s%s\n", xml.Header, b)
}
