package version

import (
	"strings"
	"testing"
)

func TestStringStartsWithRelease(t *testing.T) {
	s := String()
	if !strings.HasPrefix(s, Release) {
		t.Fatalf("String() = %q, want prefix %q", s, Release)
	}
	if !strings.Contains(s, "go1.") {
		t.Errorf("String() = %q names no Go version", s)
	}
}
