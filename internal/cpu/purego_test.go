package cpu

import (
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goList runs go list over the module's packages under the given build
// tags with the template format and returns its lines.
func goList(t *testing.T, tags, format string) []string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	require.NoError(t, err, "the go command must be on PATH")
	out, err := exec.Command(goTool, "list", "-tags", tags, "-f", format, "github.com/moduletto/moduletto/...").CombinedOutput()
	require.NoError(t, err, "go list: %s", out)
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}

// goListSFiles returns, for every package of the module, its assembly files
// under the given build tags.
func goListSFiles(t *testing.T, tags string) map[string]string {
	t.Helper()
	files := map[string]string{}
	for _, line := range goList(t, tags, "{{.ImportPath}}\t{{join .SFiles \" \"}}") {
		pkg, s, _ := strings.Cut(line, "\t")
		files[pkg] = s
	}
	return files
}

// TestPuregoBuildsNoAssembly proves the purego tag removes every .s file
// from the build, and (on amd64) that the default build does use the
// generated AVX2 kernels, so the check cannot pass vacuously.
func TestPuregoBuildsNoAssembly(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list over the module")
	}
	for pkg, s := range goListSFiles(t, "purego") {
		assert.Empty(t, s, "%s builds assembly with -tags purego", pkg)
	}
	if runtime.GOARCH == "amd64" {
		def := goListSFiles(t, "")
		for _, pkg := range []string{"ntt", "sample", "poly", "ring", "internal/keccak", "dsa/mldsa"} {
			assert.NotEmpty(t, def["github.com/moduletto/moduletto/"+pkg], "%s has no assembly in the default amd64 build", pkg)
		}
	}
}
