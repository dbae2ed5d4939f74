//! What the property tests share: an account drawn field by field.

use account_hash::{Account, Pubkey};
use proptest::prelude::*;

/// An account with lamports from `lamports`, rent epoch from `rent_epoch`, data of a length
/// from `len`, and any executable flag, owner and pubkey.
pub fn account_of(
    lamports: impl Strategy<Value = u64>,
    rent_epoch: impl Strategy<Value = u64>,
    len: impl Strategy<Value = usize>,
) -> impl Strategy<Value = Account> {
    (
        lamports,
        rent_epoch,
        any::<bool>(),
        any::<[u8; 32]>(),
        any::<[u8; 32]>(),
        len.prop_flat_map(|n| proptest::collection::vec(any::<u8>(), n)),
    )
        .prop_map(
            |(lamports, rent_epoch, executable, owner, pubkey, data)| Account {
                pubkey: Pubkey(pubkey),
                lamports,
                rent_epoch,
                executable,
                owner: Pubkey(owner),
                data,
            },
        )
}
