//go:build !purego

package divscan_test

// buildTags are the tags the scanned packages are compiled with: the ones
// this test runs under, so `go test -tags purego` scans the pure-Go build.
const buildTags = ""
