// Package tty tells whether a file is a terminal, for the programs of this
// module that refuse to write binary output to one. The module's
// dependencies do not include golang.org/x/term.
package tty

import "os"

// IsTerminal reports whether f is a character device other than the null
// device, as a terminal is.
func IsTerminal(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(fi, null)
}
