//go:build amd64 && !purego

package cpu

// asmBuild reports whether this build has the generated assembly.
const asmBuild = true
