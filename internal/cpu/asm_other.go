//go:build !amd64 || purego

package cpu

// asmBuild reports whether this build has the generated assembly: not on
// this architecture or with the purego tag.
const asmBuild = false
