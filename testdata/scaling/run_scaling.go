//go:build ignore

// run_scaling is the scaling benchmark: for each N it writes the kernels of
// make_scaling.go into testdata/scaling/n<N> (removed afterwards), proves
// each with vgcheck, one process per kernel, and prints a table row: N,
// kernel, instructions, seconds (the obligation's, as vgcheck reports it,
// and the whole run's wall time, building and decoding included), peak
// memory (the maximum resident set size of the vgcheck process) and the
// layers that closed the outputs.
//
// Usage, from the repository root:
//
//	go run testdata/scaling/run_scaling.go [-n 1,2,4,...,256] [-forms mulLEA,ladderIMUL,...] [-budget 10m]
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// form is one kernel of the benchmark, as make_scaling.go names it.
type form struct{ arch, kernel, spec string }

var forms = []form{
	{"amd64", "mulLEA", "MulChain"},
	{"amd64", "mulIMUL", "MulChain"},
	{"amd64", "sqrLEA", "SquareChain"},
	{"amd64", "sqrIMUL", "SquareChain"},
	{"amd64", "ladderLEA", "Ladder"},
	{"amd64", "ladderIMUL", "Ladder"},
	{"arm64", "mulShift", "MulChain"},
	{"arm64", "mulMUL", "MulChain"},
	{"arm64", "sqrShift", "SquareChain"},
	{"arm64", "sqrMUL", "SquareChain"},
	{"arm64", "ladderShift", "Ladder"},
	{"arm64", "ladderMUL", "Ladder"},
}

func main() {
	sizes := flag.String("n", "1,2,4,8,16,32,64,128,256", "comma list of N")
	only := flag.String("forms", "", "comma list of kernels (default: all)")
	budget := flag.Duration("budget", 10*time.Minute, "vgcheck -budget per kernel")
	flag.Parse()
	want := map[string]bool{}
	for _, f := range strings.Split(*only, ",") {
		if f != "" {
			want[f] = true
		}
	}
	tmp, err := os.MkdirTemp("", "scaling")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	vgcheck := filepath.Join(tmp, "vgcheck")
	if out, err := exec.Command("go", "build", "-o", vgcheck, "./cmd/vgcheck").CombinedOutput(); err != nil {
		log.Fatalf("build vgcheck: %v\n%s", err, out)
	}
	fmt.Printf("| N | kernel | arch | instructions | seconds | wall | peak MB | verdict | closed by |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, s := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(s)
		if err != nil {
			log.Fatalf("-n: %v", err)
		}
		for _, f := range forms {
			if len(want) > 0 && !want[f.kernel] {
				continue
			}
			// One package per kernel: the build decodes every function
			// of the package.
			pkg := fmt.Sprintf("n%d%s", n, f.kernel)
			dir := filepath.Join("testdata", "scaling", pkg)
			gen := exec.Command("go", "run", "testdata/scaling/make_scaling.go", "-n", s, "-pkg", pkg, "-dir", dir, "-kernel", f.kernel)
			if out, err := gen.CombinedOutput(); err != nil {
				log.Fatalf("make_scaling -n %d: %v\n%s", n, err, out)
			}
			row, err := prove(vgcheck, *budget, f, "vg.dev/testdata/scaling/"+pkg)
			os.RemoveAll(dir)
			if err != nil {
				row = fmt.Sprintf("error: %v", err)
			}
			fmt.Printf("| %d | %s | %s | %s |\n", n, f.kernel, f.arch, row)
		}
	}
}

// result is what the table needs of vgcheck's -json object.
type result struct {
	Equivalence  string         `json:"equivalence"`
	CT           string         `json:"ct"`
	Frame        string         `json:"frame"`
	Instructions int            `json:"instructions"`
	Seconds      float64        `json:"seconds"`
	Layers       map[string]int `json:"layers"`
	Message      string         `json:"message"`
}

func prove(vgcheck string, budget time.Duration, f form, pkg string) (string, error) {
	cmd := exec.Command(vgcheck, "prove", "-json", "-q", "-arch", f.arch, "-budget", budget.String(),
		"-kernel", pkg+"."+f.kernel, "-spec", pkg+"."+f.spec)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if cmd.ProcessState == nil {
		return "", err
	}
	var r result
	if jerr := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &r); jerr != nil {
		return "", fmt.Errorf("%v: %v %s", err, jerr, strings.TrimSpace(stderr.String()))
	}
	peak := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss / 1024
	var layers []string
	for l, k := range r.Layers {
		layers = append(layers, fmt.Sprintf("%s %d", l, k))
	}
	sort.Strings(layers)
	verdict := r.Equivalence
	if r.CT != "proved" || r.Frame != "proved" {
		verdict += fmt.Sprintf(" (ct %s, frame %s)", r.CT, r.Frame)
	}
	if r.Equivalence != "proved" && r.Message != "" {
		verdict += ": " + strings.SplitN(r.Message, "\n", 2)[0]
	}
	return fmt.Sprintf("%d | %.2f | %.1f | %d | %s | %s", r.Instructions, r.Seconds, wall.Seconds(), peak, verdict, strings.Join(layers, ", ")), nil
}
