package cpu

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNoSSETransitions checks every assembly function of the module that
// uses a 256-bit register for the two ways to pay an SSE/AVX state
// transition: a legacy-SSE (non-VEX) instruction on an X register, and a
// return with 256-bit state left dirty (no VZEROUPPER after the last
// 256-bit instruction; Go's own code uses legacy SSE). On this
// project's build machine one transition costs about 370 cycles: three
// legacy MOVQs per divstep made the R/3 inversion kernel 21 times slower
// than its VEX form.
func TestNoSSETransitions(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list over the module")
	}
	xReg := regexp.MustCompile(`\bX([0-9]|1[0-5])\b`)
	yReg := regexp.MustCompile(`\bY([0-9]|1[0-5])\b`)
	checked := 0
	for _, line := range goList(t, "", "{{.Dir}}\t{{join .SFiles \" \"}}") {
		dir, files, _ := strings.Cut(line, "\t")
		for _, f := range strings.Fields(files) {
			src, err := os.ReadFile(filepath.Join(dir, f))
			require.NoError(t, err)
			for _, fn := range strings.Split(string(src), "\nTEXT ")[1:] {
				name, _, _ := strings.Cut(fn, "(")
				if !yReg.MatchString(fn) {
					continue
				}
				checked++
				dirty := false // a 256-bit register written since the last VZEROUPPER
				for _, l := range strings.Split(fn, "\n")[1:] {
					l = strings.TrimSpace(l)
					if l == "" || strings.HasPrefix(l, "//") || strings.HasSuffix(l, ":") {
						continue
					}
					op, args, _ := strings.Cut(l, " ")
					if !strings.HasPrefix(op, "V") && xReg.MatchString(args) {
						t.Errorf("%s: %s: legacy-SSE %q in a function using 256-bit registers (use its VEX form)", f, name, l)
					}
					switch {
					case op == "VZEROUPPER":
						dirty = false
					case yReg.MatchString(args):
						dirty = true
					case op == "RET" && dirty:
						t.Errorf("%s: %s: RET with the upper halves dirty (no VZEROUPPER after the last 256-bit instruction)", f, name)
					}
				}
			}
		}
	}
	require.NotZero(t, checked, "no 256-bit assembly function found: the check would pass vacuously")
}
