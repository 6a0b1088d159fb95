(** * The constants of the int32 NTT engine, q = 8380417 (ntt/scalar32.go)

    Go source: ntt/scalar32.go field/params/params.go

<<
const (
	q32     = 8380417  // the ML-DSA modulus, 2^23 − 2^13 + 1
	qInv32  = 58728449 // q⁻¹ mod 2^32
	r2Mod32 = 2365951  // R² mod q = 2^64 mod q, so MontgomeryReduce32(x·r2Mod32) = x·R
	fInv32  = 41978    // R²/256 mod q: MontgomeryReduce32(x·fInv32) = x·R/256 (FIPS 204's 8347681 = 256⁻¹, times R)
)

// zetas32[k] = ζ^BitRev8(k)·R mod q for ζ = 1753, R = 2^32, as the
// representative in [−(q−1)/2, (q−1)/2]. ...
var zetas32 = [256]int32{ ... }

	MLDSAQ      = 8380417
	MLDSAZeta   = 1753
>>

    The numbers are read from the Go source by [proofs/gen-constants.sh]
    into [GoConstants.v] each time [check.sh] runs.  ζ = 1753 is also
    [params.MLDSAZeta] in field/params/params.go. *)

From Coq Require Import ZArith Lia List.
From Moduletto Require Import lib.Range lib.Ntt zetas32.GoConstants.
Open Scope Z_scope.

(* main *)
Theorem zeta1753_primitive_512 : primitive_root 1753 512 8380417.
Proof.
  apply primitive_root_check_sound; [lia | lia |]. vm_compute. reflexivity.
Qed.

(* main *)
Theorem zetas32_correct :
  Z.of_nat (length go_zetas32) = 256 /\
  forall k, 0 <= k < 256 ->
    nth (Z.to_nat k) go_zetas32 0 = centred 8380417 (1753 ^ bitrev 8 k * 2 ^ 32).
Proof.
  apply twiddle_check_sound;
    [lia | intros; pose proof (bitrev_nonneg 8 i); lia | vm_compute; reflexivity].
Qed.

(* main *)
Theorem constants32_correct :
  go_q32 = 8380417 /\
  (go_q32 * go_qInv32) mod 2 ^ 32 = 1 /\
  go_r2Mod32 = 2 ^ 64 mod go_q32 /\
  (8347681 * 256) mod go_q32 = 1 /\
  go_fInv32 = (8347681 * 2 ^ 64) mod go_q32 /\
  (go_fInv32 * 256) mod go_q32 = 2 ^ 64 mod go_q32.
Proof. vm_compute. repeat split; discriminate. Qed.
