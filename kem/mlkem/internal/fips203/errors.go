package fips203

import "fmt"

// sizeError reports an input of the wrong length. Every error names the
// parameter set and the size it expected.
func sizeError(p *Params, what string, got, want int) error {
	return fmt.Errorf("mlkem: %s %s must be %d bytes, got %d", p.name, what, want, got)
}
