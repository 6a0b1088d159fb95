package main

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/internal/version"
)

var benchCommand = &command{
	name:    "bench",
	args:    "[-schemes LIST] [-duration D] [-rounds N] [-kernels K]",
	summary: "time every registered scheme, side by side",
	help: `bench times key generation, encapsulation and decapsulation of every
registered KEM, and key generation, signing and verification of every
signature scheme, and prints them side by side: the median time per
operation over -rounds rounds and the spread of the rounds ((slowest −
fastest) / median). Encapsulation, decapsulation, signing and verification
use parsed keys; signing is hedged, over a 32-byte message, with an empty
context.

This binary times moduletto alone. The comparison with crypto/mlkem,
crypto/mldsa and CIRCL is in the compare/ module, which keeps those out of
the main module's dependencies:
  cd compare && GOTOOLCHAIN=go1.27.3 go run ./cmd/bench`,
	run: runBench,
}

// A benchOp is one timed operation of a scheme.
type benchOp struct {
	name string
	f    func() error
}

func runBench(c *command, e *env, args []string) error {
	fs := newFlags(c, e)
	list := fs.String("schemes", "all", "comma-separated scheme `names`, or all")
	duration := fs.Duration("duration", 300*time.Millisecond, "measuring time per operation, split into the rounds")
	rounds := fs.Int("rounds", 10, "timed rounds per operation")
	kernels := fs.String("kernels", "", "kernels of the whole module: "+kernelNames()+" (default: the fastest the CPU has)")
	if _, err := parseArgs(fs, args, 0, 0); err != nil {
		return err
	}
	if *duration <= 0 || *rounds < 1 {
		return usagef("-duration must be positive and -rounds at least 1")
	}
	if *kernels != "" {
		k, err := cpu.Parse(*kernels)
		if err != nil {
			return &usageError{err.Error()}
		}
		restore, err := cpu.Set(k)
		if err != nil {
			return err
		}
		defer restore()
	}
	schemes := allSchemes()
	if *list != "all" {
		schemes = nil
		for _, n := range strings.Split(*list, ",") {
			s, err := lookupScheme(strings.TrimSpace(n))
			if err != nil {
				return &usageError{err.Error()}
			}
			schemes = append(schemes, s)
		}
	}
	inUse := cpu.Current().String()
	if cpu.AVX2Kernels() && cpu.X86HasAVX512 {
		inUse += " (Keccak ×4 on AVX-512VL)"
	}
	fmt.Fprintf(e.stdout, "moduletto %s, %s/%s, %d CPUs, kernels %s\n", version.String(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), inUse)
	fmt.Fprintf(e.stdout, "median time per operation over %d rounds in ~%v; ±: (slowest − fastest) / median\n", *rounds, *duration)
	for _, kems := range []bool{true, false} {
		tw := tabwriter.NewWriter(e.stdout, 0, 0, 3, ' ', 0)
		header := false
		for _, s := range schemes {
			if (s.kem != nil) != kems {
				continue
			}
			ops, err := benchOps(s)
			if err != nil {
				return fmt.Errorf("%s: %w", s.name(), err)
			}
			if !header {
				fmt.Fprintln(e.stdout)
				fmt.Fprintf(tw, "%s\t", s.kind())
				for _, op := range ops {
					fmt.Fprintf(tw, "%s\t", op.name)
				}
				fmt.Fprintln(tw)
				header = true
			}
			fmt.Fprintf(tw, "%s\t", s.name())
			for _, op := range ops {
				med, spread, err := measure(op.f, *duration, *rounds)
				if err != nil {
					return fmt.Errorf("%s %s: %w", s.name(), op.name, err)
				}
				fmt.Fprintf(tw, "%s ±%.0f%%\t", formatDuration(med), spread)
			}
			fmt.Fprintln(tw)
		}
		tw.Flush()
	}
	return nil
}

// benchOps prepares the operations of s with a fresh key.
func benchOps(s scheme) ([]benchOp, error) {
	if s.kem != nil {
		dk, err := s.kem.GenerateKey()
		if err != nil {
			return nil, err
		}
		// The scheme's own encapsulation key type: kem/mlkem's Encapsulator
		// returns crypto/mlkem's, which encapsulates with the standard
		// library's code.
		ek, err := s.kem.NewEncapsulationKey(dk.Encapsulator().Bytes())
		if err != nil {
			return nil, err
		}
		_, ct := ek.Encapsulate()
		return []benchOp{
			{"keygen", func() error { _, err := s.kem.GenerateKey(); return err }},
			{"encaps", func() error { ek.Encapsulate(); return nil }},
			{"decaps", func() error { _, err := dk.Decapsulate(ct); return err }},
		}, nil
	}
	sk, err := s.dsa.GenerateKey()
	if err != nil {
		return nil, err
	}
	pk, err := s.dsa.NewPublicKey(sk.PublicKeyBytes())
	if err != nil {
		return nil, err
	}
	msg := make([]byte, 32)
	sig, err := s.dsa.Sign(sk, msg, "")
	if err != nil {
		return nil, err
	}
	return []benchOp{
		{"keygen", func() error { _, err := s.dsa.GenerateKey(); return err }},
		{"sign", func() error { _, err := s.dsa.Sign(sk, msg, ""); return err }},
		{"verify", func() error { return s.dsa.Verify(pk, msg, sig, "") }},
	}, nil
}

// measure times f over rounds rounds lasting about d together and returns
// the median time per call and the spread of the rounds in percent. The
// first calls, which calibrate the round length, also warm caches and the
// keys' lazily computed values.
// A failing call ends the measurement with its error.
func measure(f func() error, d time.Duration, rounds int) (time.Duration, float64, error) {
	n := 0
	start := time.Now()
	for n == 0 || time.Since(start) < d/time.Duration(rounds) {
		if err := f(); err != nil {
			return 0, 0, err
		}
		n++
	}
	per := make([]float64, rounds)
	for i := range per {
		t := time.Now()
		for range n {
			if err := f(); err != nil {
				return 0, 0, err
			}
		}
		per[i] = float64(time.Since(t)) / float64(n)
	}
	slices.Sort(per)
	med := per[rounds/2]
	if rounds%2 == 0 {
		med = (per[rounds/2-1] + per[rounds/2]) / 2
	}
	return time.Duration(med), 100 * (per[rounds-1] - per[0]) / med, nil
}

// formatDuration prints d with three significant digits.
func formatDuration(d time.Duration) string {
	us := float64(d) / 1e3
	switch {
	case us < 10:
		return fmt.Sprintf("%.2f µs", us)
	case us < 100:
		return fmt.Sprintf("%.1f µs", us)
	case us < 10000:
		return fmt.Sprintf("%.0f µs", us)
	}
	return fmt.Sprintf("%.1f ms", us/1e3)
}

func kernelNames() string {
	var names []string
	for _, k := range cpu.Available() {
		names = append(names, k.String())
	}
	return strings.Join(names, ", ")
}
