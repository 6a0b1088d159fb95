// Command bench prints a side-by-side benchmark table of ML-KEM-512/768/1024
// and ML-DSA-44/65/87: moduletto against the Go standard library's
// crypto/mlkem and crypto/mldsa (Go 1.27) and Cloudflare CIRCL v1.6.5.
//
//	cd compare && go run ./cmd/bench
//	go run ./cmd/bench -sets 768 -ops encaps,decaps -duration 2s -json
//
// Each row (parameter set, operation, implementation) is timed over -rounds
// rounds that together last about -duration; the rounds of the
// implementations of one operation are interleaved, so that a slow phase of
// a shared machine falls on all of them alike. The table shows the median
// rate, its µs/op, the slowest and fastest round and their spread, and the
// ratio of moduletto's median rate to the row's.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/moduletto/moduletto/internal/version"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// config is the parsed command line.
type config struct {
	sets, ops, impls []string
	duration         time.Duration
	rounds           int
	json             bool
	version          bool
}

// parseFlags parses the command line.
func parseFlags(args []string, stderr io.Writer) (*config, error) {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sets := fs.String("sets", "all", "comma-separated parameter sets: 512, 768, 1024, 44, 65, 87 (or ML-KEM-768, mldsa65, …)")
	ops := fs.String("ops", "all", "comma-separated operations: keygen, encaps, decaps, sign, verify")
	impls := fs.String("impls", "all", "comma-separated implementations: moduletto, crypto/mlkem, crypto/mldsa (std: both), circl")
	duration := fs.Duration("duration", time.Second, "measuring time per row, split into -rounds rounds")
	rounds := fs.Int("rounds", 10, "timed rounds per row")
	asJSON := fs.Bool("json", false, "print JSON instead of a table")
	showVersion := fs.Bool("version", false, "print the moduletto release and build, and exit")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if *showVersion {
		return &config{version: true}, nil
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	c := &config{duration: *duration, rounds: *rounds, json: *asJSON}
	var err error
	if c.sets, err = parseList("sets", *sets, allSets, resolveSet); err != nil {
		return nil, err
	}
	if c.ops, err = parseList("ops", *ops, allOps(), resolveOp); err != nil {
		return nil, err
	}
	if c.impls, err = parseList("impls", expandStd(*impls), implNames(), resolveImpl); err != nil {
		return nil, err
	}
	if c.duration <= 0 {
		return nil, errors.New("-duration must be positive")
	}
	if c.rounds < 1 {
		return nil, errors.New("-rounds must be at least 1")
	}
	return c, nil
}

func run(args []string, stdout, stderr io.Writer) int {
	c, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 2
	}
	if c.version {
		fmt.Fprintln(stdout, "bench", version.String())
		return 0
	}
	rep := &report{Machine: describeMachine(), Duration: c.duration.String(), Rounds: c.rounds}
	out := newTable(stdout)
	if !c.json {
		out.header(rep)
	}
	for _, set := range c.sets {
		rows, err := benchSet(set, c)
		if err != nil {
			fmt.Fprintf(stderr, "bench: %s: %v\n", set, err)
			return 1
		}
		rep.Results = append(rep.Results, rows...)
		if !c.json {
			out.set(set, rows)
		}
	}
	if len(rep.Results) == 0 {
		fmt.Fprintln(stderr, "bench: nothing to measure: no selected operation belongs to a selected parameter set")
		return 2
	}
	if c.json {
		if err := writeJSON(stdout, rep); err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 1
		}
	}
	return 0
}

// benchSet measures the selected operations of one parameter set for every
// selected implementation that has it.
func benchSet(set string, c *config) ([]row, error) {
	type built struct {
		name string
		ops  opSet
	}
	var impls []built
	for _, im := range allImpls {
		if !contains(c.impls, im.name) {
			continue
		}
		ops, err := im.build(set)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", im.name, err)
		}
		if ops != nil {
			impls = append(impls, built{im.name, ops})
		}
	}
	var rows []row
	round := c.duration / time.Duration(c.rounds)
	for _, opName := range opsOf(set) {
		if !contains(c.ops, opName) {
			continue
		}
		n := make([]int, len(impls))
		rates := make([][]float64, len(impls))
		for i, im := range impls {
			n[i] = iterations(calibrate(im.ops[opName], min(round, 50*time.Millisecond)), round)
		}
		for range c.rounds {
			for i, im := range impls {
				rates[i] = append(rates[i], timeRound(im.ops[opName], n[i]))
			}
		}
		first := len(rows)
		for i, im := range impls {
			rows = append(rows, row{Set: set, Op: opName, Impl: im.name, stats: summarise(rates[i], n[i])})
		}
		setRatios(rows[first:])
	}
	return rows, nil
}

// setRatios fills the ratio of the baseline's median rate to each row's,
// when the baseline is among rows.
func setRatios(rows []row) {
	for _, b := range rows {
		if b.Impl != baseline {
			continue
		}
		for i := range rows {
			r := b.Median / rows[i].Median
			rows[i].Ratio = &r
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
