module github.com/moduletto/moduletto/asm

go 1.26.0

require (
	github.com/mmcloughlin/avo v0.6.0
	github.com/moduletto/moduletto v0.0.0
)

require (
	golang.org/x/mod v0.23.0 // indirect
	golang.org/x/sync v0.11.0 // indirect
	golang.org/x/tools v0.30.0 // indirect
)

replace github.com/moduletto/moduletto => ../
