package divscan_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/moduletto/moduletto/internal/divscan"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const module = "github.com/moduletto/moduletto/"

// scanned are the library packages whose machine code must not divide a
// secret; "/..." includes every subpackage, present and future.
var scanned = []string{
	"./field/...",
	"./ntt/...",
	"./poly/...",
	"./ring/...",
	"./sample/...",
	"./internal/keccak/...",
	"./kem/mlkem/...",
	"./kem/sntrup/...",
	"./dsa/mldsa/...",
}

// allowed lists the functions that contain a division instruction on public
// values only, each with the reason. Everything else in the scanned packages
// is treated as touching secret data. Keys are symbols as objdump prints
// them, without "(SB)".
var allowed = map[string]string{
	module + "field.NewParams":               "computes the Barrett/Montgomery constants from the public modulus q",
	module + "field.smallestFactor":          "factors the public q−1 (generator search in NewParams)",
	module + "field.distinctPrimeFactors":    "factors the public q−1 or a public group order",
	module + "field.(*Params).hasOrder":      "divides a public group order by its prime factors",
	module + "field.(*Params).RootOfUnity":   "(q−1)/order on the public modulus and order",
	module + "field.(*Params).IsRootOfUnity": "(q−1)%order on the public modulus and order; x is a public ζ",
	module + "ntt.NewEngine":                 "Shoup's w′ = ⌊w·2^32/q⌋ of the public twiddles and ⌊2^32/q⌋, from the public modulus",
	module + "ntt.(*Engine).forwardLazy":     "n/(2·len), n/len: twiddle indices from the public size n and the layer length",
	module + "ntt.(*Engine).inverseLazy":     "n/(2·len), n/len: twiddle indices from the public size n and the layer length",
	module + "ntt.(*Engine).Inverse":         "n/len: twiddle index from the public size n and the layer length",
	module + "dsa/mldsa.newParameterSet":     "γ2, m and the Decompose multiplier from FIPS 204 Table 1 constants, at init",
	module + "dsa/mldsa.newRoundingTable":    "the AVX2 rounding constants (m, the Decompose multiplier) from the public γ2, at init",
	module + "ring.New":                      "the Barrett multiplier and 2^16 mod q from the public q; isPrime's trial division of the public p and q, inlined",
	module + "ring.isPrime":                  "trial division of the public parameter p or q",
	module + "ring.(*Ring).kernelConsts":     "M16·2^12 mod q for the AVX2 kernels, from the public q (called by New)",
}

// goTool returns the go command that runs this test. It skips the test
// under WebAssembly (js and wasip1, `make test-wasm`), which cannot start
// subprocesses. (Under qemu-user, `make test-arm64`, the host's go command
// runs natively and the scan covers arm64.)
func goTool(t *testing.T) string {
	t.Helper()
	if runtime.GOARCH == "wasm" {
		t.Skipf("builds and disassembles with the go command: %s/wasm cannot run subprocesses", runtime.GOOS)
	}
	g, err := exec.LookPath("go")
	require.NoError(t, err, "the go command must be on PATH to build and disassemble")
	return g
}

// run runs a command in dir, for goarch if it is not empty.
func run(t *testing.T, dir, goarch, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if goarch != "" {
		cmd.Env = append(os.Environ(), "GOARCH="+goarch)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "%s %s: %s", name, strings.Join(args, " "), stderr.String())
	return out
}

// scanPackages compiles each package (pattern relative to the module root)
// to an archive with the test's build tags, disassembles it and returns the
// division instructions of the functions that belong to the package.
func scanPackages(t *testing.T, goarch string, patterns ...string) (findings []divscan.Finding, funcs int) {
	t.Helper()
	gt, root := goTool(t), moduleRoot(t)
	list := run(t, root, goarch, gt, append([]string{"list", "-tags", buildTags,
		"-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .SFiles \" \"}}"}, patterns...)...)
	lines := strings.Split(strings.TrimSpace(string(list)), "\n")
	require.NotEmpty(t, lines)
	dir := t.TempDir()
	for i, line := range lines {
		cols := strings.Split(line, "\t")
		require.GreaterOrEqual(t, len(cols), 2, "go list line %q", line)
		cols = append(cols, "") // no assembly: the trailing tab was trimmed
		pkg, pkgDir := cols[0], cols[1]
		// Assembly files, as source (see divscan.ParseAsm).
		for _, s := range strings.Fields(cols[2]) {
			src, err := os.ReadFile(filepath.Join(pkgDir, s))
			require.NoError(t, err)
			af, err := divscan.ParseAsm(bytes.NewReader(src), pkg, s)
			require.NoError(t, err)
			findings = append(findings, af...)
			funcs += strings.Count(string(src), "\nTEXT ")
		}
		archive := filepath.Join(dir, strings.ReplaceAll(pkg, "/", "_")+".a")
		run(t, root, goarch, gt, "build", "-tags", buildTags, "-o", archive, pkg)
		dump := run(t, root, "", gt, "tool", "objdump", archive)
		prefix := pkg + "."
		own := func(fn string) bool { return strings.HasPrefix(fn, prefix) }
		for l := range strings.SplitSeq(string(dump), "\n") {
			if name, ok := strings.CutPrefix(l, "TEXT "); ok && own(name) {
				funcs++
			}
		}
		f, err := divscan.Parse(bytes.NewReader(dump), own)
		require.NoError(t, err, "parsing the disassembly of %s (#%d)", pkg, i)
		findings = append(findings, f...)
	}
	return findings, funcs
}

func moduleRoot(t *testing.T) string {
	t.Helper()
	out := run(t, ".", "", goTool(t), "list", "-m", "-f", "{{.Dir}}")
	return strings.TrimSpace(string(out))
}

// violations returns the findings in functions that are not allowed to divide.
func violations(findings []divscan.Finding, allow map[string]string) []string {
	var v []string
	for _, f := range findings {
		if _, ok := allow[f.Func]; !ok {
			v = append(v, f.String())
		}
	}
	sort.Strings(v)
	return v
}

// TestNoDivisionOnSecrets scans the build for this machine's GOARCH and for
// each architecture listed in $DIVSCAN_GOARCH (comma-separated, e.g.
// DIVSCAN_GOARCH=arm64, where UDIV/SDIV are variable time and DIT applies).
// Other architectures are opt-in because a cold cross-build of the standard
// library costs tens of seconds.
func TestNoDivisionOnSecrets(t *testing.T) {
	arches := []string{runtime.GOARCH}
	for a := range strings.SplitSeq(os.Getenv("DIVSCAN_GOARCH"), ",") {
		if a = strings.TrimSpace(a); a != "" && a != runtime.GOARCH {
			arches = append(arches, a)
		}
	}
	for _, arch := range arches {
		t.Run("GOARCH="+arch, func(t *testing.T) { scanArch(t, arch) })
	}
}

func scanArch(t *testing.T, goarch string) {
	findings, funcs := scanPackages(t, goarch, scanned...)
	require.Greater(t, funcs, 100, "the disassembly lists the library's functions")

	assert.Empty(t, violations(findings, allowed),
		"division instructions in functions that may touch secrets; remove the division "+
			"(masks, multiply-shift) or, if every operand is public, add the function to allowed with the reason")

	seen := map[string]bool{}
	for _, f := range findings {
		seen[f.Func] = true
	}
	// The parser must see real divisions: NewParams divides by the runtime q.
	assert.True(t, seen[module+"field.NewParams"], "field.NewParams divides by q; the scanner must report it")
	for fn := range allowed {
		if !seen[fn] {
			t.Logf("allow-list entry no longer divides (may be removed): %s", fn)
		}
	}
}

func TestPlantedDivisionIsReported(t *testing.T) {
	findings, _ := scanPackages(t, "", "./internal/divscan/testdata/planted")
	v := violations(findings, allowed)
	require.NotEmpty(t, v, "the scan must fail on a planted secret / q")
	for _, s := range v {
		assert.Contains(t, s, "(github.com/moduletto/moduletto/internal/divscan/testdata/planted.Compress)",
			"only the variable-modulus division is reported")
	}
	assert.Empty(t, violations(findings, map[string]string{
		module + "internal/divscan/testdata/planted.Compress": "test: allow-listing the function silences it",
	}), "a division by the constant 3329 compiles to multiply-shift and is not reported")
}

func TestIsDivision(t *testing.T) {
	for _, m := range []string{"DIVL", "DIVQ", "IDIVL", "IDIVQ", "IDIVB", "DIVSD", "VDIVPS", "VDIVPD", "FDIVD", "UDIV", "SDIVW"} {
		assert.True(t, divscan.IsDivision(m), m)
	}
	for _, m := range []string{"MULL", "IMULQ", "SHRQ", "VPMULHW", "SARL", "MADD", "UMULH"} {
		assert.False(t, divscan.IsDivision(m), m)
	}
}

func TestParse(t *testing.T) {
	const dump = "TEXT example.com/p.F(SB) gofile../p.go\n" +
		"  p.go:3\t\t0x10\t\t\tf7f1\t\t\tDIVL CX\t\t\t\n" +
		"  p.go:3\t\t0x12\t\t\t89c8\t\t\tMOVL CX, AX\t\t\t\n" +
		"TEXT example.com/q.G(SB) gofile../q.go\n" +
		"  q.go:5\t\t0x20\t\t\t49f7f9\t\t\tIDIVQ R9\t\t\t\n"
	got, err := divscan.Parse(strings.NewReader(dump), func(fn string) bool { return strings.HasPrefix(fn, "example.com/p.") })
	require.NoError(t, err)
	assert.Equal(t, []divscan.Finding{{Func: "example.com/p.F", Pos: "p.go:3", Inst: "DIVL CX"}}, got)
}

func TestParseAsm(t *testing.T) {
	const src = "#include \"textflag.h\"\n" +
		"TEXT ·reduce(SB), NOSPLIT, $0-8\n" +
		"\tMOVQ a+0(FP), AX // DIVQ in a comment is not code\n" +
		"loop:\n" +
		"\tVPMULHW Y1, Y2, Y3; DIVL CX\n" +
		"\tRET\n" +
		"TEXT ·other(SB), NOSPLIT, $0\n" +
		"\tVDIVPS Y1, Y2, Y3\n"
	got, err := divscan.ParseAsm(strings.NewReader(src), "example.com/p", "p_amd64.s")
	require.NoError(t, err)
	assert.Equal(t, []divscan.Finding{
		{Func: "example.com/p.reduce", Pos: "p_amd64.s:5", Inst: "DIVL CX"},
		{Func: "example.com/p.other", Pos: "p_amd64.s:8", Inst: "VDIVPS Y1, Y2, Y3"},
	}, got)
}
