(** * The reducer constants of field.NewParams (field/params.go)

    Go source: field/params.go

<<
func NewParams(q uint32) ... { // (result type elided: "(" and "*" would open a Coq comment)
	... (q is checked: an odd prime, 3 <= q < 2^31)
	p := &Params{q: q, bits: bits.Len32(q)}

	// q⁻¹ mod 2^32 by Newton's iteration: q·q ≡ 1 (mod 8) for odd q, and
	// each step doubles the number of correct low bits (3, 6, 12, 24, 48).
	inv := q
	for range 4 {
		inv *= 2 - q*inv
	}
	p.qInv = inv
	p.qNegInv = -inv
	q64 := uint64(q)
	p.r = uint32((1 << 32) % q64)
	p.r2 = uint32(uint64(p.r) * uint64(p.r) % q64)

	if q < 1<<15 {
		p.qInv16 = int16(uint16(inv))
		...
	}
	if q > 1<<11 && q < 1<<15 {
		p.barrett16 = int16(((1 << 26) + q64/2) / q64)
	}
	p.barrett32S = uint(31 + p.bits - 1)
	p.barrett32 = int64(((uint64(1) << p.barrett32S) + q64/2) / q64)
	// q is odd, so it does not divide 2^64 and ⌊(2^64−1)/q⌋ = ⌊2^64/q⌋.
	p.barrett64 = ^uint64(0) / q64
	...
}
>>

    This file models those constants and proves that they meet the
    requirements of the reducers, for every odd q with 3 <= q < 2^31 — so
    the reducers are correct with the constants the library actually
    passes: [*_newparams] below.  [bits.Len32(q)] is modelled as
    ⌊log2 q⌋ + 1 (its definition for q > 0). *)

From Coq Require Import ZArith Lia Znumtheory.
From Moduletto Require Import lib.GoInt.
From Moduletto Require Import MontgomeryReduce16.MontgomeryReduce16
  MontgomeryReduce32.MontgomeryReduce32 MontgomeryReduce64.MontgomeryReduce64
  BarrettReduce16.BarrettReduce16 BarrettReduce32.BarrettReduce32
  BarrettReduce64.BarrettReduce64.
Open Scope Z_scope.

(** ** The constants *)

Definition newton_step (q x : Z) : Z := u32 (x * u32 (2 - u32 (q * x))).
Definition q_inv (q : Z) : Z :=
  newton_step q (newton_step q (newton_step q (newton_step q q))).
Definition q_neg_inv (q : Z) : Z := u32 (- q_inv q).
Definition q_inv16 (q : Z) : Z := i16 (u16 (q_inv q)).
Definition r_mod (q : Z) : Z := 2 ^ 32 mod q.
Definition r2_mod (q : Z) : Z := (r_mod q * r_mod q) mod q.

(** uint64 arithmetic: [q64/2] and [/ q64] are floor divisions of
    nonnegative values; the sums cannot wrap (proved below). *)
Definition barrett16_const (q : Z) : Z := i16 (u64 (2 ^ 26 + q / 2) / q).
Definition bits_len32 (q : Z) : Z := Z.log2 q + 1.
Definition barrett32_shift (q : Z) : Z := 31 + bits_len32 q - 1.
Definition barrett32_const (q : Z) : Z :=
  i64 (u64 (u64 (Z.shiftl 1 (barrett32_shift q)) + q / 2) / q).
Definition barrett64_const (q : Z) : Z := (2 ^ 64 - 1) / q.

(** ** q⁻¹ mod 2^32 by Newton's iteration *)

Lemma pow2_divide j n : 0 <= j <= n -> (2 ^ j | 2 ^ n).
Proof.
  intros H. exists (2 ^ (n - j)). rewrite <- Z.pow_add_r by lia. f_equal. lia.
Qed.

Lemma uwrap_eq n z : 0 <= n -> uwrap n z = z - 2 ^ n * (z / 2 ^ n).
Proof.
  intros Hn. unfold uwrap. rewrite Z.mod_eq; [ring|].
  pose proof (Z.pow_pos_nonneg 2 n). lia.
Qed.

(** One step squares the error: q·x ≡ 1 (mod 2^k) gives q·x' ≡ 1
    (mod 2^j) for every j <= min(2k, 32). *)
Lemma newton_step_divide q x k j :
  0 <= k -> 0 <= j <= 2 * k -> j <= 32 ->
  (2 ^ k | q * x - 1) -> (2 ^ j | q * newton_step q x - 1).
Proof.
  intros Hk Hj Hj32 [d Hd]. unfold newton_step, u32.
  rewrite (uwrap_eq 32 (q * x)) by lia.
  set (c1 := q * x / 2 ^ 32).
  rewrite (uwrap_eq 32 (2 - _)) by lia.
  set (c2 := (2 - (q * x - 2 ^ 32 * c1)) / 2 ^ 32).
  rewrite uwrap_eq by lia.
  set (c3 := x * (2 - (q * x - 2 ^ 32 * c1) - 2 ^ 32 * c2) / 2 ^ 32).
  replace (q * (x * (2 - (q * x - 2 ^ 32 * c1) - 2 ^ 32 * c2) - 2 ^ 32 * c3) - 1)
    with (- ((q * x - 1) * (q * x - 1)) + 2 ^ 32 * (q * x * c1 - q * x * c2 - q * c3))
    by ring.
  apply Z.divide_add_r.
  - apply Z.divide_opp_r. rewrite Hd.
    replace (d * 2 ^ k * (d * 2 ^ k)) with (d * d * (2 ^ k * 2 ^ k)) by ring.
    rewrite <- Z.pow_add_r by lia. apply Z.divide_mul_r, pow2_divide. lia.
  - apply Z.divide_mul_l, pow2_divide. lia.
Qed.

Lemma odd_square q : Z.odd q = true -> (2 ^ 3 | q * q - 1).
Proof.
  intros Hodd. apply odd_mod2 in Hodd.
  assert (exists a b, q = 8 * a + b /\ (b = 1 \/ b = 3 \/ b = 5 \/ b = 7))
    as [a [b [Hq Hb]]].
  { exists (q / 8), (q mod 8).
    pose proof (Z.div_mod q 8 ltac:(lia)).
    pose proof (Z.mod_pos_bound q 8 ltac:(lia)).
    pose proof (Z.div_mod q 2 ltac:(lia)). lia. }
  subst q.
  destruct Hb as [-> | [-> | [-> | ->]]].
  - exists (8 * a * a + 2 * a). ring.
  - exists (8 * a * a + 6 * a + 1). ring.
  - exists (8 * a * a + 10 * a + 3). ring.
  - exists (8 * a * a + 14 * a + 6). ring.
Qed.

(* main *)
Theorem q_inv_correct q :
  Z.odd q = true -> (q * q_inv q) mod 2 ^ 32 = 1.
Proof.
  intros Hodd. unfold q_inv.
  assert (H32 : (2 ^ 32 | q * q_inv q - 1)).
  { unfold q_inv.
    apply (newton_step_divide _ _ 24); [lia | lia | lia |].
    apply (newton_step_divide _ _ 12); [lia | lia | lia |].
    apply (newton_step_divide _ _ 6); [lia | lia | lia |].
    apply (newton_step_divide _ _ 3); [lia | lia | lia |].
    apply odd_square; exact Hodd. }
  apply Z.mod_divide in H32; [|lia].
  unfold q_inv in H32.
  rewrite Zminus_mod in H32. replace (1 mod 2 ^ 32) with 1 in H32 by reflexivity.
  pose proof (Z.mod_pos_bound (q * newton_step q (newton_step q (newton_step q (newton_step q q)))) (2 ^ 32) ltac:(lia)).
  destruct (Z.eq_dec (q * newton_step q (newton_step q (newton_step q (newton_step q q))) mod 2 ^ 32) 0) as [E|E].
  - rewrite E in H32. discriminate H32.
  - rewrite Z.mod_small in H32 by lia. lia.
Qed.

(* main *)
Theorem q_neg_inv_correct q :
  Z.odd q = true -> (q * q_neg_inv q) mod 2 ^ 32 = (-1) mod 2 ^ 32.
Proof.
  intros Hodd. unfold q_neg_inv, u32, uwrap.
  rewrite Zmult_mod_idemp_r.
  replace (q * - q_inv q) with (- (q * q_inv q)) by ring.
  rewrite Z_mod_nz_opp_full by (rewrite q_inv_correct by exact Hodd; discriminate).
  rewrite q_inv_correct by exact Hodd. reflexivity.
Qed.

(* main *)
Theorem q_inv16_correct q :
  Z.odd q = true -> (q * q_inv16 q) mod 2 ^ 16 = 1.
Proof.
  intros Hodd. unfold q_inv16, i16, u16.
  rewrite Zmult_mod, wrap_mod, uwrap_mod_le, <- Zmult_mod by lia.
  replace 1 with (((q * q_inv q) mod 2 ^ 32) mod 2 ^ 16)
    by (rewrite q_inv_correct; auto).
  rewrite (mod_mod_divide _ (2 ^ 16) (2 ^ 32)); [reflexivity | lia |].
  apply pow2_divide; lia.
Qed.

(** int32(QInv()) is what callers pass to MontgomeryReduce32. *)
Lemma q_inv32_signed q :
  Z.odd q = true -> (q * i32 (q_inv q)) mod 2 ^ 32 = 1.
Proof.
  intros Hodd. unfold i32.
  rewrite Zmult_mod, wrap_mod, <- Zmult_mod by lia. apply q_inv_correct, Hodd.
Qed.

Lemma r2_mod_correct q : 0 < q -> r2_mod q = 2 ^ 64 mod q.
Proof.
  intros Hq. unfold r2_mod, r_mod. rewrite <- Zmult_mod. reflexivity.
Qed.

(** ** The Barrett constants *)

(** ⌊(P + ⌊q/2⌋)/q⌋ is a nearest integer to P/q, for odd q. *)
Lemma round_div P q :
  0 < q -> Z.odd q = true -> 2 * Z.abs (q * ((P + q / 2) / q) - P) <= q.
Proof.
  intros Hq Hodd. apply odd_mod2 in Hodd.
  pose proof (Z.div_mod q 2 ltac:(lia)).
  pose proof (Z.div_mod (P + q / 2) q ltac:(lia)).
  pose proof (Z.mod_pos_bound (P + q / 2) q ltac:(lia)).
  lia.
Qed.

Lemma barrett16_const_correct q :
  2 ^ 11 < q < 2 ^ 15 -> Z.odd q = true ->
  2 * Z.abs (q * barrett16_const q - 2 ^ 26) <= q.
Proof.
  intros Hq Hodd. pose proof (round_div (2 ^ 26) q ltac:(lia) Hodd) as H.
  unfold barrett16_const, i16, u64.
  assert (0 <= q / 2 < 2 ^ 14) by (split; [apply Z.div_pos | apply Z.div_lt_upper_bound]; lia).
  rewrite (uwrap_small 64 (2 ^ 26 + q / 2)) by (unfold unsigned; lia).
  rewrite wrap_small; [exact H | lia |]. unfold signed. simpl (2 ^ (16 - 1)).
  assert (0 <= q / 2 < 2 ^ 14) by (split; [apply Z.div_pos | apply Z.div_lt_upper_bound]; lia).
  assert (0 <= (2 ^ 26 + q / 2) / q) by (apply Z.div_pos; lia).
  assert ((2 ^ 26 + q / 2) / q < 2 ^ 15) by (apply Z.div_lt_upper_bound; lia).
  lia.
Qed.

Lemma barrett32_const_correct q :
  3 <= q < 2 ^ 31 -> Z.odd q = true ->
  barrett32_shift q = 31 + Z.log2 q /\
  2 * Z.abs (q * barrett32_const q - 2 ^ barrett32_shift q) <= q.
Proof.
  intros Hq Hodd.
  assert (Hl : 0 <= Z.log2 q < 31).
  { split; [apply Z.log2_nonneg | apply Z.log2_lt_pow2; lia]. }
  assert (Hs : barrett32_shift q = 31 + Z.log2 q)
    by (unfold barrett32_shift, bits_len32; lia).
  split; [exact Hs|].
  unfold barrett32_const. rewrite Z.shiftl_1_l, Hs.
  pose proof (round_div (2 ^ (31 + Z.log2 q)) q ltac:(lia) Hodd) as H.
  assert (H61 : 2 ^ (31 + Z.log2 q) <= 2 ^ 61) by (apply Z.pow_le_mono_r; lia).
  assert (0 <= q / 2 < 2 ^ 30) by (split; [apply Z.div_pos | apply Z.div_lt_upper_bound]; lia).
  assert (0 < 2 ^ (31 + Z.log2 q)) by (apply Z.pow_pos_nonneg; lia).
  unfold u64.
  rewrite (uwrap_small 64 (2 ^ (31 + Z.log2 q))) by (unfold unsigned; lia).
  rewrite (uwrap_small 64 (2 ^ (31 + Z.log2 q) + q / 2)) by (unfold unsigned; lia).
  unfold i64. rewrite wrap_small; [exact H | lia |]. unfold signed.
  split.
  - apply Z.le_trans with 0; [lia | apply Z.div_pos; lia].
  - apply Z.le_lt_trans with (2 ^ (31 + Z.log2 q) + q / 2).
    + apply Z.div_le_upper_bound; nia.
    + simpl (2 ^ (64 - 1)). lia.
Qed.

Lemma barrett64_const_correct q :
  3 <= q < 2 ^ 31 -> Z.odd q = true -> barrett64_const q = 2 ^ 64 / q.
Proof.
  intros Hq Hodd. unfold barrett64_const.
  (* q does not divide 2^64: it is odd and greater than 1. *)
  assert (Hnd : 2 ^ 64 mod q <> 0).
  { intros H0. apply Z.mod_divide in H0; [|lia].
    assert (Hrp : rel_prime q 2).
    { apply rel_prime_sym, prime_rel_prime; [exact prime_2|].
      intros [c Hc]. apply odd_mod2 in Hodd.
      rewrite Hc, Z_mod_mult in Hodd. discriminate. }
    assert (Hdown : forall n : nat, (q | 2 ^ Z.of_nat n) -> (q | 1)).
    { induction n as [|n IH]; intros Hn; [exact Hn|].
      apply IH. rewrite Nat2Z.inj_succ, Z.pow_succ_r in Hn by lia.
      exact (Gauss _ _ _ Hn Hrp). }
    apply (Hdown 64%nat), Z.divide_1_r in H0. lia. }
  pose proof (Z.div_mod (2 ^ 64) q ltac:(lia)).
  pose proof (Z.mod_pos_bound (2 ^ 64) q ltac:(lia)).
  symmetry. apply Z.div_unique with (r := 2 ^ 64 mod q - 1); lia.
Qed.

(** ** The reducers with NewParams' constants, for every admissible q *)

(* main *)
Theorem barrett_reduce16_newparams q a :
  2 ^ 11 < q < 2 ^ 15 -> Z.odd q = true -> signed 16 a ->
  let r := barrett_reduce16 a q (barrett16_const q) in
  r mod q = a mod q /\ 2 ^ 12 * Z.abs r <= 2 ^ 11 * q + q.
Proof.
  intros Hq Hodd Ha. apply barrett_reduce16_correct; try assumption.
  apply barrett16_const_correct; assumption.
Qed.

(* main *)
Theorem barrett_reduce32_newparams q a :
  3 <= q < 2 ^ 31 -> Z.odd q = true -> signed 32 a ->
  let r := barrett_reduce32 a q (barrett32_const q) (barrett32_shift q) in
  r mod q = a mod q /\ 2 * Z.abs r <= q + 1.
Proof.
  intros Hq Hodd Ha. destruct (barrett32_const_correct q Hq Hodd) as [Hs Hv].
  apply barrett_reduce32_correct; assumption.
Qed.

(* main *)
Theorem barrett_reduce64_newparams q x :
  3 <= q < 2 ^ 31 -> Z.odd q = true -> unsigned 64 x ->
  barrett_reduce64 x q (barrett64_const q) = x mod q.
Proof.
  intros Hq Hodd Hx. apply barrett_reduce64_correct; try assumption.
  apply barrett64_const_correct; assumption.
Qed.

(* main *)
Theorem montgomery_reduce16_newparams q a :
  3 <= q < 2 ^ 15 -> Z.odd q = true ->
  - q * 2 ^ 15 <= a < q * 2 ^ 15 ->
  let r := montgomery_reduce16 a q (q_inv16 q) in
  - q < r < q /\ (r * 2 ^ 16) mod q = a mod q.
Proof.
  intros Hq Hodd Ha. apply montgomery_reduce16_correct; try assumption; try lia.
  apply q_inv16_correct; assumption.
Qed.

(* main *)
Theorem montgomery_reduce32_newparams q a :
  3 <= q < 2 ^ 31 -> Z.odd q = true ->
  - q * 2 ^ 31 <= a < q * 2 ^ 31 ->
  let r := montgomery_reduce32 a q (i32 (q_inv q)) in
  - q < r < q /\ (r * 2 ^ 32) mod q = a mod q.
Proof.
  intros Hq Hodd Ha. apply montgomery_reduce32_correct; try assumption; try lia.
  apply q_inv32_signed; assumption.
Qed.

(* main *)
Theorem montgomery_reduce64_newparams q a :
  3 <= q < 2 ^ 31 -> Z.odd q = true -> 0 <= a < q * 2 ^ 32 ->
  let r := montgomery_reduce64 a q (q_neg_inv q) in
  0 <= r < q /\ (r * 2 ^ 32) mod q = a mod q.
Proof.
  intros Hq Hodd Ha. apply montgomery_reduce64_correct; try assumption; try lia.
  apply q_neg_inv_correct; assumption.
Qed.

(** The constants for the two standard moduli, as the Go code states them. *)
Lemma constants_3329 :
  q_inv16 3329 = -3327 /\ barrett16_const 3329 = 20159 /\
  2 ^ 16 mod 3329 = 2285 /\ 2 ^ 32 mod 3329 = 1353.
Proof. vm_compute. repeat split. Qed.

Lemma constants_8380417 :
  q_inv 8380417 = 58728449 /\ r2_mod 8380417 = 2365951 /\
  r_mod 8380417 = 4193792.
Proof. vm_compute. repeat split. Qed.
