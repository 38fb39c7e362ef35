//go:build cgo

package main

import (
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"vg.dev/prove"
)

// The requirements of the SARIF 2.1.0 schema (sarif-schema-2.1.0.json,
// OASIS) on the objects vgcheck writes, and of the specification's text
// where the schema cannot say it. Each object lists every property the
// schema defines for it: the schema sets additionalProperties false, so
// any other is invalid.
var sarifObjects = map[string]struct {
	props    []string
	required []string
	anyOf    [][]string // at least one of these sets must be present
}{
	"sarifLog":                 {props: []string{"$schema", "inlineExternalProperties", "properties", "runs", "version"}, required: []string{"version", "runs"}},
	"run":                      {props: []string{"addresses", "artifacts", "automationDetails", "baselineGuid", "columnKind", "conversion", "defaultEncoding", "defaultSourceLanguage", "externalPropertyFileReferences", "graphs", "invocations", "language", "logicalLocations", "newlineSequences", "originalUriBaseIds", "policies", "properties", "redactionTokens", "results", "runAggregates", "specialLocations", "taxonomies", "threadFlowLocations", "tool", "translations", "versionControlProvenance", "webRequests", "webResponses"}, required: []string{"tool"}},
	"tool":                     {props: []string{"driver", "extensions", "properties"}, required: []string{"driver"}},
	"toolComponent":            {props: []string{"associatedComponent", "contents", "dottedQuadFileVersion", "downloadUri", "fullDescription", "fullName", "globalMessageStrings", "guid", "informationUri", "isComprehensive", "language", "localizedDataSemanticVersion", "locations", "minimumRequiredLocalizedDataSemanticVersion", "name", "notifications", "organization", "product", "productSuite", "properties", "releaseDateUtc", "rules", "semanticVersion", "shortDescription", "supportedTaxonomies", "taxa", "translationMetadata", "version"}, required: []string{"name"}},
	"reportingDescriptor":      {props: []string{"defaultConfiguration", "deprecatedGuids", "deprecatedIds", "deprecatedNames", "fullDescription", "guid", "help", "helpUri", "id", "messageStrings", "name", "properties", "relationships", "shortDescription"}, required: []string{"id"}},
	"multiformatMessageString": {props: []string{"markdown", "properties", "text"}, required: []string{"text"}},
	"result":                   {props: []string{"analysisTarget", "attachments", "baselineState", "codeFlows", "correlationGuid", "fingerprints", "fixes", "graphTraversals", "graphs", "guid", "hostedViewerUri", "kind", "level", "locations", "message", "occurrenceCount", "partialFingerprints", "properties", "provenance", "rank", "relatedLocations", "rule", "ruleId", "ruleIndex", "stacks", "suppressions", "taxa", "webRequest", "webResponse", "workItemUris"}, required: []string{"message"}},
	"message":                  {props: []string{"arguments", "id", "markdown", "properties", "text"}, anyOf: [][]string{{"text"}, {"id"}}},
	"location":                 {props: []string{"annotations", "id", "logicalLocations", "message", "physicalLocation", "properties", "relationships"}},
	"physicalLocation":         {props: []string{"address", "artifactLocation", "contextRegion", "properties", "region"}, anyOf: [][]string{{"address"}, {"artifactLocation"}}},
	"artifactLocation":         {props: []string{"description", "index", "properties", "uri", "uriBaseId"}},
	"region":                   {props: []string{"byteLength", "byteOffset", "charLength", "charOffset", "endColumn", "endLine", "message", "properties", "snippet", "sourceLanguage", "startColumn", "startLine"}},
}

// sarifValidator checks a decoded log against sarifObjects and the
// property types, enums and minimums of the schema.
type sarifValidator struct {
	errs  []string
	bases map[string]bool // the run's originalUriBaseIds
	rules []string        // the driver's rule ids, by index
}

func (v *sarifValidator) fail(path, format string, args ...any) {
	v.errs = append(v.errs, path+": "+fmt.Sprintf(format, args...))
}

// object checks that x is an object of the kind: only its properties,
// the required ones present.
func (v *sarifValidator) object(path string, x any, kind string) map[string]any {
	o, ok := x.(map[string]any)
	if !ok {
		v.fail(path, "not an object (%s)", kind)
		return nil
	}
	def := sarifObjects[kind]
	for k := range o {
		if !contains(def.props, k) {
			v.fail(path, "%s has no property %q (additionalProperties is false)", kind, k)
		}
	}
	for _, k := range def.required {
		if _, ok := o[k]; !ok {
			v.fail(path, "%s lacks the required %q", kind, k)
		}
	}
	if len(def.anyOf) > 0 {
		ok := false
		for _, set := range def.anyOf {
			all := true
			for _, k := range set {
				_, has := o[k]
				all = all && has
			}
			ok = ok || all
		}
		if !ok {
			v.fail(path, "%s has none of %v", kind, def.anyOf)
		}
	}
	return o
}

func (v *sarifValidator) str(path string, x any) string {
	s, ok := x.(string)
	if !ok {
		v.fail(path, "not a string")
	}
	return s
}

func (v *sarifValidator) integer(path string, x any, min float64) int {
	f, ok := x.(float64)
	if !ok || f != float64(int(f)) || f < min {
		v.fail(path, "not an integer ≥ %v: %v", min, x)
	}
	return int(f)
}

func (v *sarifValidator) array(path string, x any, unique bool) []any {
	a, ok := x.([]any)
	if !ok {
		v.fail(path, "not an array")
		return nil
	}
	if unique {
		for i := range a {
			for j := i + 1; j < len(a); j++ {
				if reflect.DeepEqual(a[i], a[j]) {
					v.fail(path, "items %d and %d are equal (uniqueItems)", i, j)
				}
			}
		}
	}
	return a
}

func (v *sarifValidator) absURI(path, s string) {
	u, err := url.Parse(s)
	if err != nil || !u.IsAbs() {
		v.fail(path, "%q is not an absolute URI", s)
	}
}

func (v *sarifValidator) log(x any) {
	o := v.object("$", x, "sarifLog")
	if o["version"] != "2.1.0" {
		v.fail("$.version", "%v is not in the enum [2.1.0]", o["version"])
	}
	if s, ok := o["$schema"]; ok {
		v.absURI("$.$schema", v.str("$.$schema", s))
	}
	for i, r := range v.array("$.runs", o["runs"], false) {
		v.run(fmt.Sprintf("$.runs[%d]", i), r)
	}
}

func (v *sarifValidator) run(path string, x any) {
	o := v.object(path, x, "run")
	v.bases = map[string]bool{}
	if b, ok := o["originalUriBaseIds"]; ok {
		m, ok := b.(map[string]any)
		if !ok {
			v.fail(path+".originalUriBaseIds", "not an object")
		}
		for k, a := range m {
			p := path + ".originalUriBaseIds." + k
			al := v.object(p, a, "artifactLocation")
			// SARIF 2.1.0 §3.14.14: an absolute URI ending with a slash.
			uri := v.str(p+".uri", al["uri"])
			v.absURI(p+".uri", uri)
			if !strings.HasSuffix(uri, "/") {
				v.fail(p+".uri", "%q does not end with a slash", uri)
			}
			v.bases[k] = true
		}
	}
	tool := v.object(path+".tool", o["tool"], "tool")
	d := v.object(path+".tool.driver", tool["driver"], "toolComponent")
	v.str(path+".tool.driver.name", d["name"])
	if s, ok := d["version"]; ok {
		v.str(path+".tool.driver.version", s)
	}
	if s, ok := d["informationUri"]; ok {
		v.absURI(path+".tool.driver.informationUri", v.str(path, s))
	}
	v.rules = nil
	for i, r := range v.array(path+".tool.driver.rules", d["rules"], true) {
		p := fmt.Sprintf("%s.tool.driver.rules[%d]", path, i)
		rd := v.object(p, r, "reportingDescriptor")
		v.rules = append(v.rules, v.str(p+".id", rd["id"]))
		for _, k := range []string{"shortDescription", "fullDescription", "help"} {
			if m, ok := rd[k]; ok {
				v.str(p+"."+k+".text", v.object(p+"."+k, m, "multiformatMessageString")["text"])
			}
		}
	}
	for i, r := range v.array(path+".results", o["results"], false) {
		v.result(fmt.Sprintf("%s.results[%d]", path, i), r)
	}
}

func (v *sarifValidator) result(path string, x any) {
	o := v.object(path, x, "result")
	m := v.object(path+".message", o["message"], "message")
	if t, ok := m["text"]; ok && v.str(path+".message.text", t) == "" {
		v.fail(path+".message.text", "empty")
	}
	id, hasID := o["ruleId"]
	if hasID {
		v.str(path+".ruleId", id)
	}
	if ri, ok := o["ruleIndex"]; ok {
		i := v.integer(path+".ruleIndex", ri, -1)
		// §3.27.6/§3.27.5: the index of the rule, whose id is ruleId.
		if i < 0 || i >= len(v.rules) || (hasID && v.rules[i] != id) {
			v.fail(path+".ruleIndex", "%d does not index the rule %v", i, id)
		}
	}
	if l, ok := o["level"]; ok && !contains([]string{"none", "note", "warning", "error"}, v.str(path+".level", l)) {
		v.fail(path+".level", "%v is not in the enum", l)
	}
	if k, ok := o["kind"]; ok && !contains([]string{"notApplicable", "pass", "fail", "review", "open", "informational"}, v.str(path+".kind", k)) {
		v.fail(path+".kind", "%v is not in the enum", k)
	}
	for _, k := range []string{"locations", "relatedLocations"} {
		if a, ok := o[k]; ok {
			for i, l := range v.array(path+"."+k, a, k == "relatedLocations") {
				v.location(fmt.Sprintf("%s.%s[%d]", path, k, i), l)
			}
		}
	}
}

func (v *sarifValidator) location(path string, x any) {
	o := v.object(path, x, "location")
	if id, ok := o["id"]; ok {
		v.integer(path+".id", id, -1)
	}
	if m, ok := o["message"]; ok {
		v.object(path+".message", m, "message")
	}
	pl, ok := o["physicalLocation"]
	if !ok {
		return
	}
	p := v.object(path+".physicalLocation", pl, "physicalLocation")
	if a, ok := p["artifactLocation"]; ok {
		al := v.object(path+".physicalLocation.artifactLocation", a, "artifactLocation")
		uri := v.str(path+".physicalLocation.artifactLocation.uri", al["uri"])
		u, err := url.Parse(uri)
		if err != nil {
			v.fail(path, "uri %q is no uri-reference: %v", uri, err)
		}
		base, hasBase := al["uriBaseId"]
		switch {
		case hasBase && !v.bases[v.str(path, base)]:
			v.fail(path, "uriBaseId %v is not in originalUriBaseIds", base)
		case hasBase && u != nil && u.IsAbs():
			v.fail(path, "uri %q is absolute but has a uriBaseId", uri)
		case !hasBase && u != nil && !u.IsAbs():
			v.fail(path, "relative uri %q without a uriBaseId", uri)
		}
	}
	if r, ok := p["region"]; ok {
		reg := v.object(path+".physicalLocation.region", r, "region")
		if sl, ok := reg["startLine"]; ok {
			v.integer(path+".physicalLocation.region.startLine", sl, 1)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestSARIF validates the log of refutations, violations and errors
// against the SARIF 2.1.0 requirements above, and checks what vgcheck
// promises: a result per finding, at the .s line, the stub related.
func TestSARIF(t *testing.T) {
	f := findings(t)
	out := f.report("sarif")
	var log any
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	v := &sarifValidator{}
	v.log(log)
	for _, e := range v.errs {
		t.Error(e)
	}
	// The validator catches what it should.
	for _, bad := range []string{
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"m"},"level":"fatal"}]}]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a.s","uriBaseId":"%SRCROOT%"}}}]}]}]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a.s"},"region":{"startLine":0}}}]}]}]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x","rules":[{"id":"a"}]}},"results":[{"message":{"text":"m"},"ruleId":"b","ruleIndex":0}]}]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"msg":{"text":"m"}}]}]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{}}}]}`,
	} {
		var x any
		if err := json.Unmarshal([]byte(bad), &x); err != nil {
			t.Fatal(err)
		}
		bv := &sarifValidator{}
		bv.log(x)
		if len(bv.errs) == 0 {
			t.Errorf("the validator accepts %s", bad)
		}
	}

	var lg struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
					}
				}
				RelatedLocations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &lg); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	for _, r := range lg.Runs[0].Results {
		kinds[r.RuleID] = true
		if len(r.Locations) != 1 || !strings.HasSuffix(r.Locations[0].PhysicalLocation.ArtifactLocation.URI, ".s") {
			t.Errorf("%s: not located in a .s file: %+v", r.RuleID, r.Locations)
		}
		if len(r.RelatedLocations) != 1 || !strings.HasSuffix(r.RelatedLocations[0].PhysicalLocation.ArtifactLocation.URI, ".go") {
			t.Errorf("%s: the stub is not the related location: %+v", r.RuleID, r.RelatedLocations)
		}
	}
	for _, want := range []string{"refuted", "error", prove.KindSecretBranch, prove.KindStoreOutOfBounds} {
		if !kinds[want] {
			t.Errorf("no %s result", want)
		}
	}
}
