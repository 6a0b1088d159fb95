package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
)

// machine names where the figures were taken.
type machine struct {
	OS   string `json:"goos"`
	Arch string `json:"goarch"`
	CPU  string `json:"cpu"`
	CPUs int    `json:"cpus"`
	Go   string `json:"go"`
}

// row is one line of the table: a parameter set, an operation and an
// implementation. Ratio is the baseline's median rate divided by this row's
// (above 1: the baseline is faster); it is absent without a baseline row.
type row struct {
	Set  string `json:"set"`
	Op   string `json:"op"`
	Impl string `json:"impl"`
	stats
	Ratio *float64 `json:"ratio,omitempty"`
}

// report is the whole output, and the JSON document of -json.
type report struct {
	Machine  machine `json:"machine"`
	Duration string  `json:"duration_per_row"`
	Rounds   int     `json:"rounds"`
	Baseline string  `json:"ratio_baseline"`
	Results  []row   `json:"results"`
}

func describeMachine() machine {
	return machine{runtime.GOOS, runtime.GOARCH, cpuName(), runtime.NumCPU(), runtime.Version()}
}

// cpuName returns the processor's model name from /proc/cpuinfo, or
// "unknown" where there is none.
func cpuName() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

func writeJSON(w io.Writer, rep *report) error {
	rep.Baseline = baseline
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// table prints the human-readable output, one block per parameter set.
type table struct{ w io.Writer }

func newTable(w io.Writer) *table { return &table{w} }

func (t *table) header(rep *report) {
	m := rep.Machine
	fmt.Fprintf(t.w, "%s/%s, %s, %d CPUs, %s\n", m.OS, m.Arch, m.CPU, m.CPUs, m.Go)
	fmt.Fprintf(t.w, "%d rounds per row over ~%s; ops/s is the median round; spread = (max − min) / median\n", rep.Rounds, rep.Duration)
	fmt.Fprintf(t.w, "ratio = %s ops/s ÷ the row's ops/s (above 1: %s is faster)\n", baseline, baseline)
}

func (t *table) set(set string, rows []row) {
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(t.w, "\n%s\n", set)
	const format = "  %-7s %-13s %10s %10s %10s %10s %7s %7s\n"
	fmt.Fprintf(t.w, format, "op", "impl", "ops/s", "µs/op", "min ops/s", "max ops/s", "spread", "ratio")
	for _, r := range rows {
		ratio := "—"
		if r.Ratio != nil && r.Impl != baseline {
			ratio = fmt.Sprintf("%.2f×", *r.Ratio)
		}
		fmt.Fprintf(t.w, format, r.Op, r.Impl,
			fmt.Sprintf("%.0f", r.Median), fmt.Sprintf("%.1f", r.MicrosOp),
			fmt.Sprintf("%.0f", r.Min), fmt.Sprintf("%.0f", r.Max),
			fmt.Sprintf("%.0f%%", r.SpreadPerc), ratio)
	}
}
