(** * Go's fixed-width integers, modelled in Z

    Every Go integer value is an element of Z; the machine enters only
    through these definitions:

    - [wrap n x]: two's-complement truncation to n bits.  It is the value of
      the Go conversions [int16(x)], [int32(x)], [int64(x)] and the result of
      signed +, -, * on n-bit operands (Go wraps silently on overflow).
    - [uwrap n x = x mod 2^n]: [uint16(x)], [uint32(x)], [uint64(x)] and the
      unsigned +, -, * on n-bit operands.
    - [asr x k = Z.shiftr x k]: Go's [x >> k] — arithmetic on signed values,
      logical on unsigned ones (which are nonnegative here, so the same
      function).  [asr_div] shows it is floor division by 2^k.
    - Go's [&] is [Z.land] (two's complement in Z, so [-1 & q = q]).

    The lemmas below let proofs replace a wrapped value by the exact one once
    they know the exact one is in range, and push wraps through +, -, * when
    only the value modulo 2^n matters. *)

From Coq Require Import ZArith Lia.
Open Scope Z_scope.

Definition wrap (n x : Z) : Z := (x + 2 ^ (n - 1)) mod 2 ^ n - 2 ^ (n - 1).
Definition uwrap (n x : Z) : Z := x mod 2 ^ n.

Definition i16 := wrap 16.
Definition i32 := wrap 32.
Definition i64 := wrap 64.
Definition u16 := uwrap 16.
Definition u32 := uwrap 32.
Definition u64 := uwrap 64.

Definition asr (x k : Z) : Z := Z.shiftr x k.

(** Inclusive range of a signed n-bit value. *)
Definition signed (n x : Z) : Prop := - 2 ^ (n - 1) <= x < 2 ^ (n - 1).
Definition unsigned (n x : Z) : Prop := 0 <= x < 2 ^ n.

Lemma pow_pred n : 1 <= n -> 2 ^ n = 2 * 2 ^ (n - 1).
Proof.
  intros H. replace n with (Z.succ (n - 1)) at 1 by lia.
  rewrite Z.pow_succ_r by lia. reflexivity.
Qed.

Lemma asr_div x k : 0 <= k -> asr x k = x / 2 ^ k.
Proof. intros Hk. unfold asr. apply Z.shiftr_div_pow2; exact Hk. Qed.

Lemma wrap_range n x : 1 <= n -> signed n (wrap n x).
Proof.
  intros Hn. unfold signed, wrap. pose proof (pow_pred n Hn).
  pose proof (Z.pow_pos_nonneg 2 (n - 1) ltac:(lia) ltac:(lia)).
  pose proof (Z.mod_pos_bound (x + 2 ^ (n - 1)) (2 ^ n) ltac:(lia)). lia.
Qed.

Lemma wrap_small n x : 1 <= n -> signed n x -> wrap n x = x.
Proof.
  intros Hn Hx. unfold signed in Hx. unfold wrap. pose proof (pow_pred n Hn).
  rewrite Z.mod_small by lia. lia.
Qed.

Lemma wrap_mod n x : 1 <= n -> wrap n x mod 2 ^ n = x mod 2 ^ n.
Proof.
  intros Hn. unfold wrap. pose proof (pow_pred n Hn).
  pose proof (Z.pow_pos_nonneg 2 (n - 1) ltac:(lia) ltac:(lia)).
  rewrite Zminus_mod, Zmod_mod, <- Zminus_mod. f_equal. lia.
Qed.

Lemma wrap_eq_mod n x y : x mod 2 ^ n = y mod 2 ^ n -> wrap n x = wrap n y.
Proof.
  intros H. unfold wrap. f_equal.
  rewrite Zplus_mod, H, <- Zplus_mod. reflexivity.
Qed.

Lemma mod_mod_divide x a b : 0 < a -> (a | b) -> (x mod b) mod a = x mod a.
Proof.
  intros Ha [c Hc]. subst b.
  destruct (Z.eq_dec c 0) as [->|Hc0].
  - rewrite Z.mul_0_l, Zmod_0_r. reflexivity.
  - rewrite (Z.div_mod x (c * a) ltac:(nia)) at 2.
    rewrite Z.add_comm, <- Z.mul_assoc, (Z.mul_comm a), Z.mul_assoc.
    rewrite Z_mod_plus_full. reflexivity.
Qed.

(** A wrapped value is congruent to the exact one modulo every 2^k, k <= n. *)
Lemma wrap_mod_le n k x :
  1 <= n -> 0 <= k <= n -> wrap n x mod 2 ^ k = x mod 2 ^ k.
Proof.
  intros Hn Hk.
  assert (Hd : (2 ^ k | 2 ^ n)).
  { exists (2 ^ (n - k)). rewrite <- Z.pow_add_r by lia. f_equal. lia. }
  pose proof (Z.pow_pos_nonneg 2 k ltac:(lia) ltac:(lia)).
  rewrite <- (mod_mod_divide (wrap n x) _ _ H Hd), <- (mod_mod_divide x _ _ H Hd).
  rewrite wrap_mod by lia. reflexivity.
Qed.

(** Wraps inside an expression that is wrapped again do not matter. *)
Lemma wrap_add_l n x y : 1 <= n -> wrap n (wrap n x + y) = wrap n (x + y).
Proof.
  intros Hn. apply wrap_eq_mod.
  rewrite Zplus_mod, wrap_mod, <- Zplus_mod by lia. reflexivity.
Qed.

Lemma wrap_add_r n x y : 1 <= n -> wrap n (x + wrap n y) = wrap n (x + y).
Proof. intros Hn. rewrite Z.add_comm, wrap_add_l, Z.add_comm by lia. reflexivity. Qed.

Lemma wrap_sub_l n x y : 1 <= n -> wrap n (wrap n x - y) = wrap n (x - y).
Proof.
  intros Hn. apply wrap_eq_mod.
  rewrite Zminus_mod, wrap_mod, <- Zminus_mod by lia. reflexivity.
Qed.

Lemma wrap_sub_r n x y : 1 <= n -> wrap n (x - wrap n y) = wrap n (x - y).
Proof.
  intros Hn. apply wrap_eq_mod.
  rewrite Zminus_mod, wrap_mod, <- Zminus_mod by lia. reflexivity.
Qed.

Lemma wrap_mul_l n x y : 1 <= n -> wrap n (wrap n x * y) = wrap n (x * y).
Proof.
  intros Hn. apply wrap_eq_mod.
  rewrite Zmult_mod, wrap_mod, <- Zmult_mod by lia. reflexivity.
Qed.

Lemma wrap_mul_r n x y : 1 <= n -> wrap n (x * wrap n y) = wrap n (x * y).
Proof. intros Hn. rewrite Z.mul_comm, wrap_mul_l, Z.mul_comm by lia. reflexivity. Qed.

(** Unsigned truncation. *)
Lemma uwrap_range n x : 0 <= n -> unsigned n (uwrap n x).
Proof.
  intros Hn. unfold unsigned, uwrap.
  apply Z.mod_pos_bound, Z.pow_pos_nonneg; lia.
Qed.

Lemma uwrap_small n x : unsigned n x -> uwrap n x = x.
Proof. intros Hx. unfold uwrap. apply Z.mod_small. exact Hx. Qed.

Lemma uwrap_mod_le n k x :
  0 <= k <= n -> uwrap n x mod 2 ^ k = x mod 2 ^ k.
Proof.
  intros Hk. unfold uwrap. apply mod_mod_divide.
  - apply Z.pow_pos_nonneg; lia.
  - exists (2 ^ (n - k)). rewrite <- Z.pow_add_r by lia. f_equal. lia.
Qed.

(** Signed and unsigned truncation to n bits agree modulo 2^n. *)
Lemma wrap_uwrap n x : 1 <= n -> wrap n (uwrap n x) = wrap n x.
Proof. intros Hn. apply wrap_eq_mod. unfold uwrap. apply Zmod_mod. Qed.

(** Congruence as an equation with an explicit multiple. *)
Lemma mod_eq_exists x y m : m <> 0 -> x mod m = y mod m -> exists c, x = y + m * c.
Proof.
  intros Hm H. exists (x / m - y / m).
  pose proof (Z.div_mod x m Hm). pose proof (Z.div_mod y m Hm). nia.
Qed.

Lemma pow_double n : 0 <= n -> 2 ^ (2 * n) = 2 ^ n * 2 ^ n.
Proof. intros Hn. rewrite <- Z.pow_add_r by lia. f_equal. lia. Qed.

Lemma pow_double_pred n : 1 <= n -> 2 ^ (2 * n - 1) = 2 ^ n * 2 ^ (n - 1).
Proof. intros Hn. rewrite <- Z.pow_add_r by lia. f_equal. lia. Qed.

Lemma odd_mod2 q : Z.odd q = true -> q mod 2 = 1.
Proof. intros H. rewrite Zodd_mod in H. apply Zeq_bool_eq in H. exact H. Qed.

(** [x >> (n-1)] of a signed n-bit x is the sign mask: −1 or 0. *)
Lemma asr_sign n x :
  1 <= n -> signed n x -> asr x (n - 1) = if x <? 0 then -1 else 0.
Proof.
  intros Hn Hx. unfold signed in Hx. rewrite asr_div by lia.
  pose proof (Z.pow_pos_nonneg 2 (n - 1) ltac:(lia) ltac:(lia)).
  destruct (Z.ltb_spec x 0).
  - symmetry. apply Z.div_unique with (r := x + 2 ^ (n - 1)); lia.
  - apply Z.div_small. lia.
Qed.

Lemma land_sign_mask m q : m = -1 \/ m = 0 -> Z.land m q = if m =? -1 then q else 0.
Proof.
  intros [-> | ->]; simpl; [apply (Z.land_m1_l q) | apply (Z.land_0_l q)].
Qed.

Lemma asr_sign16 x : signed 16 x -> asr x 15 = if x <? 0 then -1 else 0.
Proof. apply (asr_sign 16); lia. Qed.

Lemma asr_sign32 x : signed 32 x -> asr x 31 = if x <? 0 then -1 else 0.
Proof. apply (asr_sign 32); lia. Qed.
