package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"vg.dev/prove"
)

// sarifReporter writes one SARIF 2.1.0 log with a result per refutation,
// violation, error and unknown, located at the kernel's source line.
type sarifReporter struct {
	w       io.Writer
	results []*prove.Result
}

func (s *sarifReporter) result(r *prove.Result) { s.results = append(s.results, r) }

// The SARIF objects vgcheck writes (the subset of the 2.1.0 schema it uses).
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool    sarifTool     `json:"tool"`
		Results []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version"`
		InformationURI string      `json:"informationUri,omitempty"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID               string       `json:"id"`
		ShortDescription sarifMessage `json:"shortDescription"`
	}
	sarifResult struct {
		RuleID    string          `json:"ruleId"`
		Level     string          `json:"level"`
		Message   sarifMessage    `json:"message"`
		Locations []sarifLocation `json:"locations,omitempty"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"`
	}
	sarifArtifact struct {
		URI string `json:"uri"`
	}
	sarifRegion struct {
		StartLine int `json:"startLine"`
	}
)

// sarifRules are the rule ids vgcheck reports, with their descriptions.
var sarifRules = []sarifRule{
	{"refuted", sarifMessage{"The kernel differs from its spec on some input"}},
	{"unknown", sarifMessage{"The proof was not completed (solver gave up)"}},
	{"error", sarifMessage{"The kernel could not be checked (unsupported instruction, bad input)"}},
	{prove.KindSecretBranch, sarifMessage{"A branch depends on a secret"}},
	{prove.KindSecretAddress, sarifMessage{"A memory address depends on a secret"}},
	{prove.KindVariableTime, sarifMessage{"A variable-time instruction has a secret operand"}},
	{prove.KindStoreOutOfBounds, sarifMessage{"A store outside the writable regions"}},
	{prove.KindLoadOutOfBounds, sarifMessage{"A load outside its region"}},
	{prove.KindStoreReadOnly, sarifMessage{"A store to read-only memory"}},
	{prove.KindStoreGlobal, sarifMessage{"A store to a writable global"}},
	{prove.KindMisaligned, sarifMessage{"An access that faults unless aligned, not proved aligned"}},
	{prove.KindNoRegion, sarifMessage{"An access at an address in no region"}},
	{prove.KindUndefinedRegister, sarifMessage{"An address or output computed from a register the ABI leaves undefined"}},
	{prove.KindSPNotRestored, sarifMessage{"The stack pointer is not restored at return"}},
	{prove.KindReturnAddress, sarifMessage{"Return to a corrupted address"}},
	{prove.KindBPClobbered, sarifMessage{"BP is not preserved"}},
	{prove.KindRegClobbered, sarifMessage{"A register the ABI reserves is not preserved"}},
	{prove.KindResultNotWritten, sarifMessage{"A result is not written on every path"}},
}

func location(file string, line int) []sarifLocation {
	if file == "" {
		return nil
	}
	loc := sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{URI: filepath.ToSlash(relPath(file))}}}
	if line > 0 {
		loc.PhysicalLocation.Region = &sarifRegion{StartLine: line}
	}
	return []sarifLocation{loc}
}

// relPath makes file relative to the working directory when it is below it,
// as SARIF consumers resolve URIs against the repository root.
func relPath(file string) string {
	wd, err := filepath.Abs(".")
	if err != nil || !filepath.IsAbs(file) {
		return file
	}
	r, err := filepath.Rel(wd, file)
	if err != nil || strings.HasPrefix(r, "..") {
		return file
	}
	return r
}

func (s *sarifReporter) summary(_ []*prove.Result, _ time.Duration) {
	run := sarifRun{Tool: sarifTool{Driver: sarifDriver{Name: "vgcheck", Version: prove.Version, Rules: sarifRules}}, Results: []sarifResult{}}
	for _, r := range s.results {
		for _, v := range r.Violations {
			level := "error"
			if v.Warning {
				level = "warning"
			}
			run.Results = append(run.Results, sarifResult{
				RuleID: v.Kind, Level: level, Locations: location(v.File, v.Line),
				Message: sarifMessage{fmt.Sprintf("%s: %s", r.Name(), v.Detail)},
			})
		}
		switch r.Equivalence {
		case prove.Refuted, prove.Unknown, prove.Error:
			file, line := r.File, r.Line
			run.Results = append(run.Results, sarifResult{
				RuleID: string(r.Equivalence), Level: "error", Locations: location(file, line),
				Message: sarifMessage{fmt.Sprintf("%s ≡ %s: %s: %s", r.Name(), r.Spec, r.Equivalence, r.Message)},
			})
		}
	}
	log := sarifLog{Schema: "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}}
	b, _ := json.MarshalIndent(log, "", "  ")
	fmt.Fprintln(s.w, string(b))
}
