//go:build cgo

package main

import (
	"bytes"
	"context"
	"html"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"vg.dev/prove"
)

// TestTrace: the listing of a traced obligation marks exactly the
// instructions that touch a secret, and names the layer of each output.
func TestTrace(t *testing.T) {
	f := findings(t)
	r := f.result(t, "bad.addRight") // MOVQ x, AX; ADDQ y, AX; MOVQ AX, ret; RET
	tr := r.Trace
	if tr == nil || len(tr.Listing) != 4 {
		t.Fatalf("addRight: trace %+v", tr)
	}
	for i, want := range []bool{true, true, true, false} {
		in := tr.Listing[i]
		if in.Secret != want || !in.Ran || !strings.HasSuffix(in.File, "bad_amd64.s") || in.Line == 0 {
			t.Errorf("addRight instruction %d %q: secret %v ran %v at %s:%d, want secret %v", i, in.Text, in.Secret, in.Ran, in.File, in.Line, want)
		}
	}
	if len(tr.Outputs) != 1 || tr.Outputs[0].Output != "ret" || tr.Outputs[0].Layer == "" {
		t.Errorf("addRight outputs %+v", tr.Outputs)
	}
	// With every input public, nothing touches a secret.
	opts := prove.Options{Trace: true}
	col, err := prove.Collect(context.Background(), opts, "./examples/u128")
	if err != nil {
		t.Fatal(err)
	}
	col.Obligations[0].Public = []string{"out", "a", "b"}
	rs, err := prove.Prove(context.Background(), opts, col.Obligations)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range rs[0].Trace.Listing {
		if in.Secret {
			t.Errorf("u128 with all inputs public: %s touches a secret", in.Text)
		}
	}
	if n := len(rs[0].Trace.Outputs); n != 2 {
		t.Errorf("u128: %d outputs closed, want 2 (out[0:8], out[8:16])", n)
	}
}

// htmlRun writes the report of the shared findings to a directory.
func htmlRun(t *testing.T) string {
	t.Helper()
	f := findings(t)
	dir := t.TempDir()
	if err := writeHTML(dir, f.root, f.results, f.wall); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestHTMLReport: the index links every obligation's page; a page has the
// listing with file:line and source, the instructions that touch a
// secret, the layer of each output, and each finding at its line.
func TestHTMLReport(t *testing.T) {
	f := findings(t)
	dir := htmlRun(t)
	index := readFile(t, filepath.Join(dir, "index.html"))
	for _, r := range f.results {
		page := pageName(r, map[string]bool{})
		if !strings.Contains(index, `href="`+page+`"`) {
			t.Errorf("index.html does not link %s", page)
		}
		if _, err := os.Stat(filepath.Join(dir, page)); err != nil {
			t.Errorf("no page for %s: %v", r.Name(), err)
		}
	}
	page := func(kernel string) string {
		return html.UnescapeString(readFile(t, filepath.Join(dir, "vg.dev_testdata_kernels_"+kernel+".amd64.html")))
	}
	proved := page("bad.addRight")
	for _, want := range []string{"badge proved", "testdata/kernels/bad/bad_amd64.s:23", "ADDQ 0x10(SP), AX", "ADDQ y+8(FP), AX", `class="row secret"`, "touches a secret (3 of 4 instructions)"} {
		if !strings.Contains(proved, want) {
			t.Errorf("the proved page lacks %q", want)
		}
	}
	refuted := page("bad.addWrong")
	for _, want := range []string{"badge refuted", "<h2>Counterexample</h2>", "refuted at testdata/kernels/bad/bad_amd64.s:16", "func TestVGCounterexample_addWrong", "<b>differs</b>"} {
		if !strings.Contains(refuted, want) {
			t.Errorf("the refuted page lacks %q", want)
		}
	}
	// A violation sits right below its instruction, with its hint.
	violated := page("ctcheck.selectBranch")
	jne := strings.Index(violated, "JNE 0x")
	finding := strings.Index(violated, "violation secret-branch at testdata/kernels/ctcheck/ctcheck_amd64.s:14")
	next := strings.Index(violated, "ctcheck_amd64.s:15")
	if jne < 0 || finding < jne || next < finding || !strings.Contains(violated[finding:next], "hint: if the value is public") {
		t.Errorf("the violation is not at its line with its hint (JNE %d, finding %d, next line %d)", jne, finding, next)
	}
	// An error at the instruction it names.
	cpuid := page("bad.addCPUID")
	at, row := strings.Index(cpuid, "error at testdata/kernels/bad/bad_amd64.s:10"), strings.Index(cpuid, "CPUID</td>")
	if at < 0 || row < 0 || at < row {
		t.Errorf("the CPUID error is not below its instruction (%d, %d)", row, at)
	}
}

// TestHTMLReportInChromium renders the pages of a proved and of a refuted
// kernel in headless chromium: a screenshot of each (saved to
// $VG_HTML_SCREENSHOTS when set), and the text as rendered (innerText,
// read by a page that frames the report) must say what the page is for.
func TestHTMLReportInChromium(t *testing.T) {
	chromium := ""
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			chromium = p
			break
		}
	}
	if chromium == "" {
		t.Skip("chromium is not installed (apt-get install chromium): the HTML report's rendering is not checked")
	}
	dir := htmlRun(t)
	shots := os.Getenv("VG_HTML_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	}
	browse := func(args ...string) []byte {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
			"--disable-component-update", "--disable-sync", "--user-data-dir=" + t.TempDir()}
		cmd := exec.CommandContext(ctx, chromium, append(base, args...)...)
		var out, errs bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errs
		if err := cmd.Run(); err != nil {
			t.Fatalf("chromium %v: %v\n%s", args, err, errs.String())
		}
		return out.Bytes()
	}
	pages := []struct {
		kernel, shot string
		want         []string
	}{
		{"bad.addRight", "vg-html-proved.png", []string{"bad.addRight proved", "equivalence\tproved", "touches a secret (3 of 4 instructions)",
			"testdata/kernels/bad/bad_amd64.s:23\t", "ADDQ 0x10(SP), AX", "Outputs", "ret\t"}},
		{"bad.addWrong", "vg-html-refuted.png", []string{"bad.addWrong refuted", "refuted at testdata/kernels/bad/bad_amd64.s:16", "Counterexample",
			"input\tx = ", "differs\tret: kernel ", "confirmed on the real kernel", "func TestVGCounterexample_addWrong(t *testing.T)"}},
	}
	for _, p := range pages {
		file := filepath.Join(dir, "vg.dev_testdata_kernels_"+p.kernel+".amd64.html")
		shot := filepath.Join(shots, p.shot)
		browse("--window-size=1280,1200", "--screenshot="+shot, "file://"+file)
		fh, err := os.Open(shot)
		if err != nil {
			t.Fatalf("no screenshot: %v", err)
		}
		img, err := png.Decode(fh)
		fh.Close()
		if err != nil || img.Bounds().Dx() != 1280 || img.Bounds().Dy() != 1200 {
			t.Fatalf("screenshot %s: %v %v", shot, err, img.Bounds())
		}
		// Not blank: the rendered page has many colours.
		colours := map[[3]uint32]bool{}
		for y := 0; y < img.Bounds().Dy(); y += 7 {
			for x := 0; x < img.Bounds().Dx(); x += 7 {
				r, g, b, _ := img.At(x, y).RGBA()
				colours[[3]uint32{r >> 8, g >> 8, b >> 8}] = true
			}
		}
		if len(colours) < 8 {
			t.Errorf("%s looks blank (%d colours)", shot, len(colours))
		}

		frame := filepath.Join(dir, "frame-"+p.kernel+".html")
		writeFile(t, frame, `<!doctype html><html><body><pre id="out"></pre><iframe id="f" src="`+filepath.Base(file)+`" style="width:1280px;height:1200px"></iframe>
<script>
document.getElementById("f").onload = function () {
	document.getElementById("out").textContent = "[" + "rendered]" + this.contentDocument.body.innerText + "[" + "end]";
};
</script></body></html>
`)
		dom := string(browse("--allow-file-access-from-files", "--dump-dom", "file://"+frame))
		m := regexp.MustCompile(`(?s)\[rendered\](.*)\[end\]`).FindStringSubmatch(dom)
		if m == nil {
			t.Fatalf("%s: the framed page's text was not read:\n%.2000s", p.kernel, dom)
		}
		text := html.UnescapeString(m[1])
		for _, want := range p.want {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the rendered text lacks %q:\n%s", p.kernel, want, text)
			}
		}
		t.Logf("%s: %s", p.kernel, shot)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
