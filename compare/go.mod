module github.com/moduletto/moduletto/compare

go 1.27

toolchain go1.27.3

require (
	github.com/cloudflare/circl v1.6.5
	github.com/moduletto/moduletto v0.0.0
	github.com/stretchr/testify v1.12.1
)

require (
	github.com/klauspost/cpuid/v2 v2.4.2 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/crypto v0.59.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
)

replace github.com/moduletto/moduletto => ../
