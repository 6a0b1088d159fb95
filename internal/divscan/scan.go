package divscan

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Finding is one division instruction in a disassembly.
type Finding struct {
	Func string // symbol, as objdump prints it (without "(SB)")
	Pos  string // file:line of the instruction
	Inst string // instruction text, e.g. "DIVL CX"
}

func (f Finding) String() string { return fmt.Sprintf("%s: %s (%s)", f.Pos, f.Inst, f.Func) }

// IsDivision reports whether the mnemonic is a division on amd64 or arm64:
// DIV, IDIV and their sized forms, the SSE/AVX DIVSS/DIVPD/VDIVPS family,
// x87 FDIV/FIDIV, and arm64 UDIV/SDIV/FDIV. Every such mnemonic contains
// "DIV", and no other instruction of these architectures does.
func IsDivision(mnemonic string) bool {
	return strings.Contains(strings.ToUpper(mnemonic), "DIV")
}

// Parse reads `go tool objdump` output and returns the division
// instructions of the functions for which keep returns true.
func Parse(r io.Reader, keep func(fn string) bool) ([]Finding, error) {
	var (
		out  []Finding
		fn   string
		scan = bufio.NewScanner(r)
	)
	scan.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for scan.Scan() {
		line := scan.Text()
		if name, ok := strings.CutPrefix(line, "TEXT "); ok {
			name, _, _ = strings.Cut(name, " ")
			fn = strings.TrimSuffix(name, "(SB)")
			continue
		}
		if fn == "" || !keep(fn) {
			continue
		}
		// file:line  address  encoding  instruction  [relocation]
		var fields []string
		for f := range strings.SplitSeq(strings.TrimSpace(line), "\t") {
			if f = strings.TrimSpace(f); f != "" {
				fields = append(fields, f)
			}
		}
		if len(fields) < 4 {
			continue
		}
		inst := fields[3]
		mnemonic, _, _ := strings.Cut(inst, " ")
		if IsDivision(mnemonic) {
			out = append(out, Finding{Func: fn, Pos: fields[0], Inst: inst})
		}
	}
	return out, scan.Err()
}

// ParseAsm reads a Go assembly (.s) file of package pkg (import path) and
// returns its division instructions. Assembly is scanned as source because
// `go tool objdump` lists only a package's compiled Go code when given an
// archive, and its decoder does not know every VEX instruction.
func ParseAsm(r io.Reader, pkg, file string) ([]Finding, error) {
	var (
		out  []Finding
		fn   string
		scan = bufio.NewScanner(r)
	)
	scan.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for n := 1; scan.Scan(); n++ {
		line, _, _ := strings.Cut(scan.Text(), "//")
		for stmt := range strings.SplitSeq(line, ";") {
			f := strings.Fields(stmt)
			if len(f) == 0 {
				continue
			}
			if f[0] == "TEXT" && len(f) > 1 {
				name, _, _ := strings.Cut(strings.TrimSuffix(f[1], ","), "(")
				fn = pkg + "." + strings.TrimPrefix(name, "·")
				continue
			}
			if strings.HasSuffix(f[0], ":") || strings.HasPrefix(f[0], "#") {
				continue // label or preprocessor line
			}
			if IsDivision(f[0]) {
				out = append(out, Finding{Func: fn, Pos: fmt.Sprintf("%s:%d", file, n), Inst: strings.Join(f, " ")})
			}
		}
	}
	return out, scan.Err()
}
