// Command ctcheck looks for timing leaks in the moduletto primitives with the
// method of dudect (Reparaz, Balasch and Verbauwhede, "Dude, is my code
// constant time?", DATE 2017): it times an operation on inputs of two
// classes, interleaved in random order, and applies Welch's t-test to the two
// timing distributions, uncropped and cropped at a set of percentiles. A
// large |t| says the classes take measurably different time.
//
// Usage:
//
//	go run ./cmd/ctcheck [-target all|name,name,…] [-n measurements per class]
//	                     [-batch calls per measurement] [-report-every k] [-json file]
//
// See README.md for the targets, how to read |t| and the limitations.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/internal/version"
)

// Thresholds on |t| from dudect.
const (
	tNoEvidence = 4.5 // below: no evidence of leakage at this sample size
	tStrong     = 10  // above: strong evidence of leakage
)

// chunk is the number of measurements prepared before they are timed.
const chunk = 64

type config struct {
	n           int    // measurements per class
	batch       int    // calls per measurement, 0 for each target's default
	reportEvery int    // measurements between progress lines, 0 for n/5
	crops       int    // number of percentile crops
	seed        uint64 // seed of the input generator
	json        string // file for the JSON report, "-" for stdout, "" for none
	failAbove   float64
}

func main() {
	var cfg config
	spec := flag.String("target", "all", "targets: comma-separated names or all (-list shows them)")
	list := flag.Bool("list", false, "list the targets and exit")
	flag.IntVar(&cfg.n, "n", 100000, "measurements per class")
	flag.IntVar(&cfg.batch, "batch", 0, "calls per measurement (0: the target's default)")
	flag.IntVar(&cfg.reportEvery, "report-every", 0, "measurements between progress lines (0: a fifth of the run)")
	flag.IntVar(&cfg.crops, "crops", 10, "number of percentile crops (dudect's thresholds 1 − 0.5^(10(k+1)/crops))")
	flag.Uint64Var(&cfg.seed, "seed", uint64(time.Now().UnixNano()), "seed of the input generator")
	flag.StringVar(&cfg.json, "json", "", "write a JSON report to this file (- for standard output)")
	flag.Float64Var(&cfg.failAbove, "fail-above", 0, "exit with status 1 if a target's max |t| exceeds this (0: never)")
	kernels := flag.String("kernels", "", "kernels of the whole module, one of "+kernelNames()+" (default: the first)")
	showVersion := flag.Bool("version", false, "print the moduletto release and build, and exit")
	flag.Parse()
	if *showVersion {
		fmt.Println("ctcheck", version.String())
		return
	}

	if err := selectKernels(*kernels); err != nil {
		fmt.Fprintln(os.Stderr, "ctcheck:", err)
		os.Exit(2)
	}

	if *list {
		for _, t := range targets {
			fmt.Printf("%-20s batch %-4d %s\n", t.name, t.batch, t.classes)
		}
		return
	}
	ts, err := selectTargets(*spec)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ctcheck:", err)
		os.Exit(2)
	}
	if cfg.n < 2 || cfg.batch < 0 || cfg.crops < 0 {
		fmt.Fprintln(os.Stderr, "ctcheck: need -n ≥ 2, -batch ≥ 0, -crops ≥ 0")
		os.Exit(2)
	}
	rep, err := run(os.Stdout, ts, cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ctcheck:", err)
		os.Exit(1)
	}
	if cfg.json != "" {
		if err := writeJSON(cfg.json, rep); err != nil {
			fmt.Fprintln(os.Stderr, "ctcheck:", err)
			os.Exit(1)
		}
	}
	if cfg.failAbove > 0 {
		for _, r := range rep.Targets {
			if r.MaxT > cfg.failAbove {
				os.Exit(1)
			}
		}
	}
}

// kernelNames lists the kernels this build and CPU can run, the default
// first.
func kernelNames() string {
	var names []string
	for _, k := range cpu.Available() {
		names = append(names, k.String())
	}
	return strings.Join(names, ", ")
}

// selectKernels switches the kernels of the whole module for the run (the
// default, empty, keeps the ones chosen at start-up); the name is printed
// and recorded with the results.
func selectKernels(name string) error {
	if name == "" {
		return nil
	}
	k, err := cpu.Parse(name)
	if err != nil {
		return err
	}
	_, err = cpu.Set(k)
	return err
}

// report is the JSON form of a run.
type report struct {
	Go         string         `json:"go"`
	Platform   string         `json:"platform"`
	CPUs       int            `json:"cpus"`
	Seed       uint64         `json:"seed"`
	Clock      clockInfo      `json:"clock"`
	Kernels    string         `json:"kernels"`
	LoadBefore string         `json:"loadavg_before,omitempty"`
	LoadAfter  string         `json:"loadavg_after,omitempty"`
	Targets    []targetResult `json:"targets"`
}

// targetResult is one target's outcome.
type targetResult struct {
	Name     string       `json:"name"`
	Classes  string       `json:"classes"`
	Batch    int          `json:"batch"`
	N0       int          `json:"n0"`
	N1       int          `json:"n1"`
	MaxT     float64      `json:"max_abs_t"`
	MaxTest  string       `json:"max_test"`
	Verdict  string       `json:"verdict"`
	Seconds  float64      `json:"seconds"`
	LoadAvg  string       `json:"loadavg_after,omitempty"`
	Tests    []testResult `json:"tests"`
	Progress []progress   `json:"progress,omitempty"`
}

// progress is one progress line: the running max |t| after n measurements.
type progress struct {
	N    int     `json:"n"`
	MaxT float64 `json:"max_abs_t"`
	Test string  `json:"test"`
}

func writeJSON(path string, rep *report) error {
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if path == "-" {
		_, err = os.Stdout.Write(b)
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// run measures every target in turn, printing progress and verdicts to w.
func run(w io.Writer, ts []target, cfg config) (*report, error) {
	// One OS thread for the whole run: fewer migrations between cores in
	// the middle of a measurement.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()

	clk := measureClock()
	rep := &report{
		Go:         runtime.Version(),
		Platform:   runtime.GOOS + "/" + runtime.GOARCH,
		CPUs:       runtime.NumCPU(),
		Seed:       cfg.seed,
		Clock:      clk,
		Kernels:    cpu.Current().String(),
		LoadBefore: loadAvg(),
	}
	fmt.Fprintf(w, "ctcheck: %s %s, %d CPUs, seed %d, load average %s\n", rep.Go, rep.Platform, rep.CPUs, cfg.seed, rep.LoadBefore)
	fmt.Fprintf(w, "kernels: %s\n", rep.Kernels)
	fmt.Fprintf(w, "clock: %s, granularity %.0f ns, cost of a reading %.0f ns\n", clk.Source, clk.GranularityNS, clk.OverheadNS)
	fmt.Fprintf(w, "%d measurements per class; |t| < %.1f: no evidence of leakage, > %.0f: strong evidence\n\n", cfg.n, tNoEvidence, float64(tStrong))
	for _, t := range ts {
		r, err := measure(w, t, cfg)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", t.name, err)
		}
		rep.Targets = append(rep.Targets, *r)
	}
	rep.LoadAfter = loadAvg()
	printSummary(w, rep)
	return rep, nil
}

// verdict reads a max |t| with dudect's thresholds.
func verdict(t float64) string {
	switch {
	case t < tNoEvidence:
		return "PASS: no evidence of leakage at this sample size"
	case t <= tStrong:
		return "INCONCLUSIVE: possible leakage, rerun with more measurements"
	default:
		return "LEAK: strong evidence that timing depends on the class"
	}
}

func printSummary(w io.Writer, rep *report) {
	fmt.Fprintf(w, "\n%-20s %9s %9s %6s %9s  %-16s %s\n", "target", "n0", "n1", "batch", "max|t|", "at", "verdict")
	for _, r := range rep.Targets {
		fmt.Fprintf(w, "%-20s %9d %9d %6d %9.2f  %-16s %s\n", r.Name, r.N0, r.N1, r.Batch, r.MaxT, r.MaxTest, r.Verdict)
	}
	fmt.Fprintf(w, "load average: before %s, after %s\n", rep.LoadBefore, rep.LoadAfter)
}

// loadAvg returns the first three fields of /proc/loadavg, or "" where there
// is none.
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}

func formatFraction(p float64) string {
	return strconv.FormatFloat(p, 'g', 4, 64)
}
