#import <UIKit/UIKit.h>

@implementation LegacyOpener
- (void)open:(UISceneSessionActivationRequest *)request {
    /* [UIApplication.sharedApplication activateSceneSessionForRequest:request errorHandler:nil]; */
    [UIApplication.sharedApplication activateSceneSessionForRequest:request errorHandler:^(NSError *error) {
        NSLog(@"could not open: %@", error);
    }];
}
@end
