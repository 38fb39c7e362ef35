package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"vg.dev/prove"
)

// sarifReporter writes one SARIF 2.1.0 log with a result per refutation,
// violation, error and unknown, located at its line of the kernel's .s
// file, the Go stub as related location. Paths below the repository root
// are relative to the base %SRCROOT%, which the run maps to that root.
type sarifReporter struct {
	w       io.Writer
	root    string
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
		Tool               sarifTool                `json:"tool"`
		OriginalURIBaseIDs map[string]sarifArtifact `json:"originalUriBaseIds,omitempty"`
		Results            []sarifResult            `json:"results"`
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
		ID               string        `json:"id"`
		ShortDescription sarifMessage  `json:"shortDescription"`
		Help             *sarifMessage `json:"help,omitempty"`
	}
	sarifResult struct {
		RuleID           string          `json:"ruleId"`
		RuleIndex        int             `json:"ruleIndex"`
		Level            string          `json:"level"`
		Message          sarifMessage    `json:"message"`
		Locations        []sarifLocation `json:"locations,omitempty"`
		RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifLocation struct {
		ID               *int          `json:"id,omitempty"`
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
		Message          *sarifMessage `json:"message,omitempty"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"`
	}
	sarifArtifact struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine int `json:"startLine"`
	}
)

// sarifSrcRoot is the uriBaseId of paths in the repository.
const sarifSrcRoot = "%SRCROOT%"

// sarifRules are the rule ids vgcheck reports, with their descriptions.
var sarifRules = []sarifRule{
	{ID: "refuted", ShortDescription: sarifMessage{"The kernel differs from its spec on some input"}},
	{ID: "unknown", ShortDescription: sarifMessage{"The proof was not completed (solver gave up)"}},
	{ID: "error", ShortDescription: sarifMessage{"The kernel could not be checked (unsupported instruction, bad input)"}},
	{ID: prove.KindSecretBranch, ShortDescription: sarifMessage{"A branch depends on a secret"}},
	{ID: prove.KindSecretAddress, ShortDescription: sarifMessage{"A memory address depends on a secret"}},
	{ID: prove.KindVariableTime, ShortDescription: sarifMessage{"A variable-time instruction has a secret operand"}},
	{ID: prove.KindStoreOutOfBounds, ShortDescription: sarifMessage{"A store outside the writable regions"}},
	{ID: prove.KindLoadOutOfBounds, ShortDescription: sarifMessage{"A load outside its region"}},
	{ID: prove.KindStoreReadOnly, ShortDescription: sarifMessage{"A store to read-only memory"}},
	{ID: prove.KindStoreGlobal, ShortDescription: sarifMessage{"A store to a writable global"}},
	{ID: prove.KindMisaligned, ShortDescription: sarifMessage{"An access that faults unless aligned, not proved aligned"}},
	{ID: prove.KindNoRegion, ShortDescription: sarifMessage{"An access at an address in no region"}},
	{ID: prove.KindUndefinedRegister, ShortDescription: sarifMessage{"An address or output computed from a register the ABI leaves undefined"}},
	{ID: prove.KindSPNotRestored, ShortDescription: sarifMessage{"The stack pointer is not restored at return"}},
	{ID: prove.KindReturnAddress, ShortDescription: sarifMessage{"Return to a corrupted address"}},
	{ID: prove.KindBPClobbered, ShortDescription: sarifMessage{"BP is not preserved"}},
	{ID: prove.KindRegClobbered, ShortDescription: sarifMessage{"A register the ABI reserves is not preserved"}},
	{ID: prove.KindResultNotWritten, ShortDescription: sarifMessage{"A result is not written on every path"}},
}

func init() {
	for i := range sarifRules {
		if h := prove.Hint(prove.Violation{Kind: sarifRules[i].ID}); h != "" {
			sarifRules[i].Help = &sarifMessage{h}
		}
	}
}

// ruleIndex is the index of the rule id in sarifRules.
func ruleIndex(id string) int {
	for i, r := range sarifRules {
		if r.ID == id {
			return i
		}
	}
	return -1
}

// artifact is the SARIF artifact location of file.
func (s *sarifReporter) artifact(file string) sarifArtifact {
	if rel := prove.Rel(s.root, file); !filepath.IsAbs(rel) {
		return sarifArtifact{URI: (&url.URL{Path: rel}).String(), URIBaseID: sarifSrcRoot}
	}
	return sarifArtifact{URI: fileURI(file)}
}

// fileURI is the file URI of an absolute path.
func fileURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

func (s *sarifReporter) location(l prove.Location) []sarifLocation {
	if l.File == "" {
		return nil
	}
	loc := sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: s.artifact(l.File)}}
	if l.Line > 0 {
		loc.PhysicalLocation.Region = &sarifRegion{StartLine: l.Line}
	}
	return []sarifLocation{loc}
}

// related is the Go stub as a related location.
func (s *sarifReporter) related(stub prove.Location) []sarifLocation {
	locs := s.location(stub)
	if len(locs) == 0 {
		return nil
	}
	id := 1
	locs[0].ID, locs[0].Message = &id, &sarifMessage{"the kernel's Go declaration and its //vg: directives"}
	return locs
}

func (s *sarifReporter) add(run *sarifRun, rule, level, text string, at, stub prove.Location) {
	run.Results = append(run.Results, sarifResult{
		RuleID: rule, RuleIndex: ruleIndex(rule), Level: level, Message: sarifMessage{prove.RelText(s.root, text)},
		Locations: s.location(at), RelatedLocations: s.related(stub),
	})
}

func (s *sarifReporter) summary(_ []*prove.Result, _ time.Duration) {
	run := sarifRun{Tool: sarifTool{Driver: sarifDriver{Name: "vgcheck", Version: prove.Version, Rules: sarifRules}}, Results: []sarifResult{}}
	if s.root != "" {
		base := fileURI(s.root)
		if !strings.HasSuffix(base, "/") {
			base += "/"
		}
		run.OriginalURIBaseIDs = map[string]sarifArtifact{sarifSrcRoot: {URI: base}}
	}
	for _, r := range s.results {
		asm, stub := r.Located()
		for _, v := range r.Violations {
			level := "error"
			if v.Warning {
				level = "warning"
			}
			at := prove.Location{File: v.File, Line: v.Line}
			if at.File == "" {
				at = asm
			}
			text := fmt.Sprintf("%s: %s", r.Name(), v.Detail)
			if h := prove.Hint(v); h != "" {
				text += ". Hint: " + h
			}
			s.add(&run, v.Kind, level, text, at, stub)
		}
		switch v := unproved(r); v {
		case prove.Refuted, prove.Unknown, prove.Error:
			text := fmt.Sprintf("%s ≡ %s: %s: %s", r.Name(), r.Spec, v, r.Message)
			if r.Spec == "" {
				text = fmt.Sprintf("%s: %s: %s", r.Name(), v, r.Message)
			}
			s.add(&run, string(v), "error", text, asm, stub)
		}
	}
	log := sarifLog{Schema: "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}}
	b, _ := json.MarshalIndent(log, "", "  ")
	fmt.Fprintln(s.w, string(b))
}

// unproved is the verdict a result is reported with besides its
// violations: a refutation, or an unknown or error of a check that is no
// consequence of another finding (constant time not checked after a
// refutation, a frame error besides its violations).
func unproved(r *prove.Result) prove.Verdict {
	switch r.Equivalence {
	case prove.Refuted, prove.Unknown, prove.Error:
		return r.Equivalence
	}
	if len(r.Violations) > 0 {
		return ""
	}
	if h := headline(r); h == prove.Unknown || h == prove.Error {
		return h
	}
	return ""
}
