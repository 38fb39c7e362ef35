package main

import (
	"bufio"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"vg.dev/prove"
)

// writeHTML writes the static report of a run (-html DIR): index.html
// with one row per obligation, and one page per obligation with the
// kernel's listing (file:line, the instruction, its source line), which
// instructions touch a secret, the layer that closed each output word, and
// the findings at their lines: violations at their instruction, an error
// at the instruction it names, a counterexample at the TEXT line. The
// pages need no script and no network.
func writeHTML(dir, root string, results []*prove.Result, wall time.Duration) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	src := &sourceLines{files: map[string][]string{}}
	index := htmlIndex{Title: "vgcheck report", When: time.Now().Format(time.RFC1123), Version: prove.Version}
	var sum strings.Builder
	(&textReporter{w: &sum}).summary(results, wall)
	index.Summary = strings.TrimSpace(sum.String())
	used := map[string]bool{}
	for _, r := range results {
		page := kernelPage(r, root, src)
		page.File = pageName(r, used)
		if err := writeTemplate(filepath.Join(dir, page.File), kernelTemplate, page); err != nil {
			return err
		}
		index.Rows = append(index.Rows, page)
	}
	return writeTemplate(filepath.Join(dir, "index.html"), indexTemplate, index)
}

type htmlIndex struct {
	Title, When, Version, Summary string
	Rows                          []*htmlKernel
}

// htmlKernel is one obligation's page.
type htmlKernel struct {
	File                                   string // the page's file name
	Name, Spec, Arch, Headline             string
	Equivalence, CT, Frame                 string
	Seconds                                string
	Layers, Message, At                    string
	Assumptions, Aliasings                 []string
	Outputs                                []htmlOutput
	Counterexample                         *htmlCex
	Rows                                   []htmlRow
	Violations                             []htmlFinding // those at no listed instruction
	SecretInsts, RanInsts, Insts, Findings int
	Traced                                 bool
}

type htmlOutput struct{ Name, Layer, Kernel, Spec string }

type htmlCex struct {
	Inputs    []string
	Diffs     []string
	Replay    string
	Confirmed bool
	Test      string
}

type htmlRow struct {
	Pos, PC, Inst, Source string
	Text                  bool // the TEXT line, not an instruction
	Secret, Ran           bool
	Findings              []htmlFinding
}

type htmlFinding struct {
	Class, Title, Detail, Hint string
	Secrets                    []string
	Cex                        bool // the counterexample is shown here
}

func kernelPage(r *prove.Result, root string, src *sourceLines) *htmlKernel {
	h := headline(r)
	k := &htmlKernel{
		Name: r.Name(), Spec: r.Spec, Arch: r.Arch, Headline: string(h),
		Equivalence: checked(r.Equivalence), CT: checked(r.CT), Frame: checked(r.Frame),
		Seconds: fmt.Sprintf("%.2fs", r.Seconds), Layers: layers(r),
		Message:     prove.RelText(root, r.Message),
		Assumptions: r.Assumptions, Aliasings: r.Aliasings,
	}
	if r.Spec == "" {
		k.Equivalence = "no spec (ct only)"
	}
	asm, stub := r.Located()
	if h != prove.Proved && h != prove.Unchanged {
		k.At = where(r, root)
	} else if p := asm.Pos(root); p != "" {
		k.At = p + " (stub " + stub.Pos(root) + ")"
	}
	if cx := r.Counterexample; cx != nil {
		c := &htmlCex{Replay: prove.RelText(root, cx.Replay), Confirmed: cx.Confirmed, Test: cx.Test}
		for _, in := range cx.Inputs {
			switch {
			case in.Alias != "":
				c.Inputs = append(c.Inputs, fmt.Sprintf("%s = %s (the same pointer)", in.Name, in.Alias))
			default:
				c.Inputs = append(c.Inputs, fmt.Sprintf("%s = %s", in.Name, abbreviate(in.Bytes)))
			}
		}
		for _, d := range cx.Diffs {
			c.Diffs = append(c.Diffs, fmt.Sprintf("%s: kernel %s, spec %s", d.Output, d.Kernel, d.Spec))
		}
		k.Counterexample = c
	}
	if t := r.Trace; t != nil {
		k.Traced = true
		// One row per output word, with the layers that closed it on
		// each path (a word is compared once per path).
		at := map[string]int{}
		for _, o := range t.Outputs {
			i, ok := at[o.Output]
			if !ok {
				i = len(k.Outputs)
				at[o.Output] = i
				k.Outputs = append(k.Outputs, htmlOutput{Name: o.Output})
			}
			if !strings.Contains(", "+k.Outputs[i].Layer+", ", ", "+o.Layer+", ") {
				if k.Outputs[i].Layer != "" {
					k.Outputs[i].Layer += ", "
				}
				k.Outputs[i].Layer += o.Layer
			}
		}
	}
	if cx := r.Counterexample; cx != nil {
		for _, d := range cx.Diffs {
			k.Outputs = append(k.Outputs, htmlOutput{Name: d.Output, Layer: "differs", Kernel: d.Kernel, Spec: d.Spec})
		}
	}

	// The findings, by the line they belong to.
	byPC := map[uint64][]htmlFinding{}
	for _, v := range r.Violations {
		f := htmlFinding{Class: "violation", Title: fmt.Sprintf("%s %s at %s", map[bool]string{true: "warning", false: "violation"}[v.Warning], v.Kind, prove.Location{File: v.File, Line: v.Line}.Pos(root)),
			Detail: prove.RelText(root, v.Detail), Hint: prove.Hint(v)}
		if v.Warning {
			f.Class = "warning"
		}
		if len(v.SecretsA) > 0 {
			f.Secrets = []string{"secrets A: " + inputs(v.SecretsA), "secrets B: " + inputs(v.SecretsB)}
		}
		byPC[v.PC] = append(byPC[v.PC], f)
		k.Findings++
	}
	var textFindings []htmlFinding
	switch v := unproved(r); v {
	case prove.Refuted, prove.Unknown, prove.Error:
		f := htmlFinding{Class: string(v), Title: fmt.Sprintf("%s at %s", v, asm.Pos(root)), Detail: k.Message, Cex: r.Counterexample != nil}
		textFindings = append(textFindings, f)
		k.Findings++
	}

	// The listing: the TEXT line, then each instruction.
	if asm.File != "" && r.AsmLine > 0 {
		k.Rows = append(k.Rows, htmlRow{Pos: prove.Location{File: r.AsmFile, Line: r.AsmLine}.Pos(root), Source: src.line(r.AsmFile, r.AsmLine), Text: true})
	}
	placed := map[uint64]bool{}
	if t := r.Trace; t != nil {
		for _, in := range t.Listing {
			row := htmlRow{Pos: prove.Location{File: in.File, Line: in.Line}.Pos(root), PC: fmt.Sprintf("%#x", in.PC), Inst: in.Text,
				Source: src.line(in.File, in.Line), Secret: in.Secret, Ran: in.Ran, Findings: byPC[in.PC]}
			if in.File == r.ErrorFile && in.Line == r.ErrorLine && r.ErrorFile != "" {
				row.Findings = append(row.Findings, textFindings...)
				textFindings = nil
			}
			placed[in.PC] = true
			k.Rows = append(k.Rows, row)
			k.Insts++
			if in.Secret {
				k.SecretInsts++
			}
			if in.Ran {
				k.RanInsts++
			}
		}
	}
	if len(k.Rows) > 0 && k.Rows[0].Text {
		k.Rows[0].Findings = textFindings
	} else {
		k.Violations = append(k.Violations, textFindings...)
	}
	var pcs []uint64
	for pc := range byPC {
		if !placed[pc] {
			pcs = append(pcs, pc)
		}
	}
	sort.Slice(pcs, func(i, j int) bool { return pcs[i] < pcs[j] })
	for _, pc := range pcs {
		k.Violations = append(k.Violations, byPC[pc]...)
	}
	return k
}

// pageName is the file of a result's page, unique in the run.
func pageName(r *prove.Result, used map[string]bool) string {
	base := nonFileChars.ReplaceAllString(r.Name()+"."+r.Arch, "_")
	name := base + ".html"
	for i := 2; used[name]; i++ {
		name = fmt.Sprintf("%s-%d.html", base, i)
	}
	used[name] = true
	return name
}

var nonFileChars = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

func writeTemplate(path string, t *template.Template, data any) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := t.Execute(w, data); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// sourceLines reads source lines, each file once.
type sourceLines struct{ files map[string][]string }

func (s *sourceLines) line(file string, n int) string {
	if file == "" || n <= 0 {
		return ""
	}
	lines, ok := s.files[file]
	if !ok {
		if data, err := os.ReadFile(file); err == nil {
			lines = strings.Split(string(data), "\n")
		}
		s.files[file] = lines
	}
	if n > len(lines) {
		return ""
	}
	return strings.TrimRight(lines[n-1], " \t\r")
}

const htmlStyle = `<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #1b1b1b; }
h1 { font-size: 20px; margin: 0 0 .3em; } h2 { font-size: 16px; margin: 1.2em 0 .4em; }
code, pre, td.mono { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12.5px; }
table { border-collapse: collapse; } td, th { padding: 2px 8px; text-align: left; vertical-align: top; }
th { background: #eef0f3; } tr.row td { border-top: 1px solid #eceff2; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 9px; color: #fff; font-weight: 600; }
.proved, .unchanged { background: #1f7a3a; } .refuted, .violated { background: #b3261e; }
.unknown, .error { background: #9a6700; }
.meta td:first-child { color: #555; padding-right: 1em; }
tr.secret td.mark { background: #f3b13c; } tr.notran td { color: #999; }
td.mark { width: 6px; padding: 0; } td.src { color: #444; white-space: pre; }
tr.textline td { background: #f6f8fa; font-weight: 600; }
div.finding { margin: 4px 0 6px; padding: 6px 10px; border-left: 4px solid #b3261e; background: #fdf0ef; white-space: normal; font-family: system-ui, sans-serif; }
div.finding.warning { border-color: #9a6700; background: #fff8e6; } div.finding .hint { color: #333; margin-top: 2px; }
div.finding.unknown, div.finding.error { border-color: #9a6700; background: #fff8e6; }
pre.test { background: #f6f8fa; padding: 8px; max-height: 28em; overflow: auto; }
.legend span { margin-right: 1.5em; } .sw { display: inline-block; width: 10px; height: 10px; vertical-align: middle; }
</style>`

var indexTemplate = template.Must(template.New("index").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Title}}</title>` + htmlStyle + `</head><body>
<h1>{{.Title}}</h1>
<p>{{.Summary}} — {{.Version}}, {{.When}}</p>
<table>
<tr><th>kernel</th><th>arch</th><th>verdict</th><th>equivalence</th><th>ct</th><th>frame</th><th>time</th><th>at</th></tr>
{{range .Rows}}<tr class="row"><td><a href="{{.File}}">{{.Name}}</a></td><td>{{.Arch}}</td><td><span class="badge {{.Headline}}">{{.Headline}}</span></td>
<td>{{.Equivalence}}</td><td>{{.CT}}</td><td>{{.Frame}}</td><td>{{.Seconds}}</td><td class="mono">{{.At}}</td></tr>
{{end}}</table>
</body></html>
`))

var kernelTemplate = template.Must(template.New("kernel").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Name}} — vgcheck</title>` + htmlStyle + `</head><body>
<p><a href="index.html">all kernels</a></p>
<h1>{{.Name}} <span class="badge {{.Headline}}">{{.Headline}}</span></h1>
<table class="meta">
{{if .Spec}}<tr><td>spec</td><td><code>{{.Spec}}</code></td></tr>{{end}}
<tr><td>arch</td><td>{{.Arch}}</td></tr>
<tr><td>equivalence</td><td>{{.Equivalence}}{{if .Layers}} ({{.Layers}}){{end}}</td></tr>
<tr><td>constant time</td><td>{{.CT}}</td></tr>
<tr><td>frame</td><td>{{.Frame}}</td></tr>
<tr><td>time</td><td>{{.Seconds}}</td></tr>
{{if .At}}<tr><td>at</td><td><code>{{.At}}</code></td></tr>{{end}}
{{if .Message}}<tr><td>message</td><td>{{.Message}}</td></tr>{{end}}
{{range .Aliasings}}<tr><td>also proved with</td><td>{{.}} (the same memory)</td></tr>{{end}}
{{range .Assumptions}}<tr><td>assumes</td><td>{{.}}</td></tr>{{end}}
</table>
<h2>Listing</h2>
{{if .Traced}}<p class="legend"><span><span class="sw" style="background:#f3b13c"></span> touches a secret ({{.SecretInsts}} of {{.Insts}} instructions)</span><span style="color:#999">grey: not executed</span> <span>{{.RanInsts}} executed, {{.Findings}} finding(s)</span></p>{{end}}
<table>
<tr><th></th><th>file:line</th><th>pc</th><th>instruction</th><th>source</th></tr>
{{range .Rows}}<tr class="row{{if .Secret}} secret{{end}}{{if .Text}} textline{{else if not .Ran}} notran{{end}}"><td class="mark"></td><td class="mono">{{.Pos}}</td><td class="mono">{{.PC}}</td><td class="mono">{{.Inst}}</td><td class="mono src">{{.Source}}</td></tr>
{{if .Findings}}<tr><td class="mark"></td><td colspan="4">{{range .Findings}}<div class="finding {{.Class}}"><b>{{.Title}}</b>: {{.Detail}}{{range .Secrets}}<br><code>{{.}}</code>{{end}}{{if .Hint}}<div class="hint">hint: {{.Hint}}</div>{{end}}{{if .Cex}}<div class="hint">counterexample below</div>{{end}}</div>{{end}}</td></tr>{{end}}
{{end}}</table>
{{if not .Traced}}<p>No listing: the kernel was not reached.</p>{{end}}
{{with .Counterexample}}
<h2>Counterexample</h2>
<table class="meta">
{{range .Inputs}}<tr><td>input</td><td class="mono">{{.}}</td></tr>{{end}}
{{range .Diffs}}<tr><td>differs</td><td class="mono">{{.}}</td></tr>{{end}}
<tr><td>replay</td><td>{{if .Confirmed}}confirmed on the real kernel{{else}}not confirmed{{end}} ({{.Replay}})</td></tr>
</table>
{{if .Test}}<p>Regression test (paste it into the kernel's package; it fails until the kernel is fixed):</p>
<pre class="test">{{.Test}}</pre>{{end}}
{{end}}
{{if .Outputs}}<h2>Outputs</h2>
<details{{if le (len .Outputs) 64}} open{{end}}><summary>{{len .Outputs}} output word(s){{if .Layers}}: {{.Layers}}{{end}}</summary>
<table><tr><th>output word</th><th>closed by</th></tr>
{{range .Outputs}}<tr class="row"><td class="mono">{{.Name}}</td><td>{{if eq .Layer "differs"}}<b>differs</b>: kernel <code>{{.Kernel}}</code>, spec <code>{{.Spec}}</code>{{else}}{{.Layer}}{{end}}</td></tr>
{{end}}</table></details>{{end}}
{{if .Violations}}<h2>Findings</h2>
{{range .Violations}}<div class="finding {{.Class}}"><b>{{.Title}}</b>: {{.Detail}}{{range .Secrets}}<br><code>{{.}}</code>{{end}}{{if .Hint}}<div class="hint">hint: {{.Hint}}</div>{{end}}</div>
{{end}}{{end}}
</body></html>
`))
