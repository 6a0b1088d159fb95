// Module asm holds the avo generators that write moduletto's committed
// assembly files (X_amd64.s and their Go stubs beside the package that uses
// them). It is a separate module so that avo never enters the main module's
// go.mod. Run `make asm` to regenerate and `make check-asm` to verify that the
// committed files match their generators.
//
// avo v0.6.0 pins golang.org/x/tools v0.16.1, which does not compile with Go
// 1.26; go.mod raises it to v0.30.0.
package asm
