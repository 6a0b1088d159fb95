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
