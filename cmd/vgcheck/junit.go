package main

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"time"

	"vg.dev/prove"
)

// junitReporter writes one JUnit XML report: a test case per obligation,
// failed when it is refuted or violated, errored when unknown or an error.
type junitReporter struct {
	w       io.Writer
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
		var detail []string
		for _, v := range r.Violations {
			detail = append(detail, fmt.Sprintf("%s at %s:%d: %s", v.Kind, v.File, v.Line, v.Detail))
		}
		if r.Message != "" {
			detail = append(detail, r.Message)
		}
		verdict := worst(r.Equivalence, r.CT, r.Frame)
		msg := fmt.Sprintf("equivalence %s, ct %s, frame %s", r.Equivalence, r.CT, r.Frame)
		switch verdict {
		case prove.Refuted, prove.Violated:
			c.Failure = &junitProblem{msg, strings.Join(detail, "\n")}
			suite.Failures++
		case prove.Unknown, prove.Error:
			c.Error = &junitProblem{msg, strings.Join(detail, "\n")}
			suite.Errors++
		}
		suite.Cases = append(suite.Cases, c)
		suite.Tests++
	}
	b, _ := xml.MarshalIndent(junitSuites{Suites: []junitSuite{suite}}, "", "  ")
	fmt.Fprintf(j.w, "%s%s\n", xml.Header, b)
}
