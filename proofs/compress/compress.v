(** * poly.compress: Compress_d by multiply-and-shift (poly/compress.go)

    Go source: poly/compress.go poly/types.go

<<
// compressM = ⌈2^35 / q⌉. For y < 2^23, ⌊y·compressM / 2^35⌋ = ⌊y / q⌋: ...
const compressM = 10321340

// compress returns Compress_d(x) = ⌈(2^d/q)·x⌋ mod 2^d.
//
// Since q is odd, (2^d/q)·x is never exactly halfway between integers (for
// x ≠ 0), so ⌈(2^d/q)·x⌋ = ⌊(x·2^d + (q−1)/2) / q⌋.
//
// Bounds: requires 0 ≤ x < q, 1 ≤ d ≤ 11; ensures 0 ≤ r < 2^d.
func compress(x uint32, d uint) uint32 {
	y := uint64(x)<<d + (Q16-1)/2 // < 2^23
	r := uint32((y * compressM) >> 35)
	return r & (1<<d - 1)
}

const Q16 = 3329
>>

    Model: q = Q16 = 3329, so (Q16−1)/2 is the constant 1664; every
    uint64 operation wraps to 64 bits, [uint32(…)] to 32; [1<<d - 1] is a
    uint32 (the type of r); [&] is [Z.land].

    FIPS 203, equation 4.7: Compress_d(x) = ⌈(2^d/q)·x⌋ mod 2^d, with ⌈·⌋
    rounding to the nearest integer, ties up ([lib.Round.round], on
    rationals).  [compress_correct] proves the Go function equal to it for
    every d in 1..11 and every x in [0, q) — by evaluating both on all
    11·3329 points. *)

From Coq Require Import ZArith QArith Lia.
From Moduletto Require Import lib.GoInt lib.Range lib.Round.
Open Scope Z_scope.

Definition compress (x d : Z) : Z :=
  let y := u64 (u64 (Z.shiftl x d) + 1664) in
  let r := u32 (asr (u64 (y * 10321340)) 35) in
  Z.land r (u32 (u32 (Z.shiftl 1 d) - 1)).

(** FIPS 203, equation 4.7, for q = 3329. *)
Definition compress_fips (d x : Z) : Z :=
  round (inject_Z (2 ^ d) / inject_Z 3329 * inject_Z x) mod 2 ^ d.

Definition compress_check (d x : Z) : bool :=
  Z.eqb (compress x d) ((2 * 2 ^ d * x + 3329) / (2 * 3329) mod 2 ^ d).

Lemma compress_check_all :
  forall_range 1 12 (fun d => forall_range 0 3329 (compress_check d)) = true.
Proof. vm_compute. reflexivity. Qed.

(* main *)
Theorem compress_correct d x :
  1 <= d <= 11 -> 0 <= x < 3329 ->
  compress x d = compress_fips d x /\ 0 <= compress x d < 2 ^ d.
Proof.
  intros Hd Hx.
  pose proof (forall_range_sound _ _ _ compress_check_all d ltac:(lia)) as Hc.
  pose proof (forall_range_sound _ _ _ Hc x Hx) as Hk.
  unfold compress_check in Hk. apply Z.eqb_eq in Hk.
  unfold compress_fips. rewrite round_frac by lia. rewrite Hk.
  split; [reflexivity|]. apply Z.mod_pos_bound, Z.pow_pos_nonneg; lia.
Qed.
