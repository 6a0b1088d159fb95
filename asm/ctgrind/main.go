// Command ctgrind generates internal/ctgrind/ctgrind_amd64.s: one function
// that issues a Valgrind client request, the mechanism memcheck's
// VALGRIND_MAKE_MEM_UNDEFINED and VALGRIND_MAKE_MEM_DEFINED use
// (valgrind.h, VALGRIND_DO_CLIENT_REQUEST_EXPR for amd64-linux). It is a
// test instrument, not a kernel: it is built only with the valgrind tag
// (also together with purego, so the portable build can be checked), and
// outside Valgrind the sequence is a no-op that returns the default 0.
package main

//go:generate go run . -out ../../internal/ctgrind/ctgrind_amd64.s -stubs ../../internal/ctgrind/ctgrind_stubs_amd64.go -pkg ctgrind

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("amd64,valgrind") // avo v0.6.0 takes the +build form; it writes both forms
	TEXT("clientRequest", NOSPLIT, "func(req uintptr, addr *byte, a1, a2, a3, a4 uintptr) uintptr")
	Pragma("noescape") // addr's memory stays where it is
	Doc("clientRequest issues the Valgrind client request req with arguments",
		"addr, a1, …, a4 and returns Valgrind's answer, 0 when not running under",
		"Valgrind. addr is a pointer so that the compiler reloads what a request",
		"about it may have changed (memcheck's shadow state).")
	// The request block is the six contiguous arguments; its address goes in RAX and the answer comes back in
	// RDX, which keeps its value (the default answer) outside Valgrind.
	req, err := Param("req").Resolve()
	if err != nil {
		panic(err)
	}
	LEAQ(req.Addr, RAX)
	XORL(EDX, EDX)
	// The preamble rotates RDI by 3+13+61+51 = 128 bits, leaving it unchanged;
	// Valgrind recognises it, and xchgq %rbx,%rbx then names the request.
	ROLQ(U8(3), RDI)
	ROLQ(U8(13), RDI)
	ROLQ(U8(61), RDI)
	ROLQ(U8(51), RDI)
	XCHGQ(RBX, RBX)
	Store(RDX, ReturnIndex(0))
	RET()
	Generate()
}
